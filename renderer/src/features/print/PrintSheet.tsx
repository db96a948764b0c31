import type { ReactNode } from 'react';
import { Link, useLocation, useSearchParams } from 'react-router';
import { useFitToBox } from '../../hooks/use-fit-to-box.js';
import { useTournamentLink } from '../../hooks/use-tournament-link.js';
import { useT } from '../../i18n/index.js';
import { PAPER_SIZES, paperFromParam, type Orientation } from './paper.js';
import './print.css';

/** The paper switch and the print button: on screen only, never on the sheet. */
function Toolbar({ title }: { title: string }) {
  const t = useT();
  const link = useTournamentLink();
  const { pathname } = useLocation();
  const [search] = useSearchParams();
  const paper = paperFromParam(search.get('paper'));
  const withPaper = (size: string) => {
    const next = new URLSearchParams(search);
    next.set('paper', size);
    return `${pathname}?${next.toString()}`;
  };
  return (
    <div className="print-toolbar">
      <strong>{title}</strong>
      <nav className="print-papers" aria-label={t('print.paper')}>
        {PAPER_SIZES.map((size) => (
          <Link key={size} to={withPaper(size)} aria-current={size === paper ? 'page' : undefined}>
            {t(`print.size.${size}`)}
          </Link>
        ))}
      </nav>
      <button type="button" onClick={() => window.print()}>
        {t('print.print')}
      </button>
      <Link to={link('/')}>{t('print.back')}</Link>
    </div>
  );
}

/**
 * One printed page: on screen a preview of the sheet at its paper size under a toolbar; printed, the
 * sheet alone on a page of that size (print.css names one `@page` per size). The content is scaled down
 * to fit the sheet, so a large bracket stays on one page.
 */
export function PrintSheet({
  title,
  heading,
  orientation,
  children,
}: {
  title: string;
  heading: string;
  orientation: Orientation;
  children: ReactNode;
}) {
  const [search] = useSearchParams();
  const paper = `${paperFromParam(search.get('paper'))}-${orientation}`;
  const { box, content, scale } = useFitToBox();
  return (
    <div className="print-root">
      <Toolbar title={title} />
      <div className="print-preview">
        <article className="print-sheet" data-paper={paper} data-testid="print-sheet">
          <header className="print-head">
            <h1>{heading}</h1>
            <p>{title}</p>
          </header>
          <div className="print-body" ref={box}>
            <div className="print-fit" ref={content} style={{ transform: `scale(${scale})` }}>
              {children}
            </div>
          </div>
        </article>
      </div>
    </div>
  );
}
