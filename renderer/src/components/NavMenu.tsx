import { useId, useRef, useState, type KeyboardEvent, type MouseEvent, type ReactNode } from 'react';
import { useT } from '../i18n/index.js';

/**
 * A bar's navigation that folds behind a menu button on a narrow screen (the stylesheet shows the button
 * and hides the closed list there): on a phone the links took a quarter of the page. Escape closes the
 * open menu and gives the focus back to its button; following a link closes it.
 */
export function NavMenu({ label, children }: { label: string; children: ReactNode }) {
  const t = useT();
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const nav = useRef<HTMLElement>(null);
  const navId = useId();

  function toggle() {
    const opening = !open;
    setOpen(opening);
    if (opening) {
      // After the list is shown: the first link takes the focus, so a keyboard user lands in the menu.
      requestAnimationFrame(() => nav.current?.querySelector('a')?.focus());
    }
  }
  function closeOnEscape(e: KeyboardEvent) {
    if (open && e.key === 'Escape') {
      setOpen(false);
      button.current?.focus();
    }
  }
  function closeOnLink(e: MouseEvent) {
    if ((e.target as Element).closest('a')) {
      setOpen(false);
    }
  }

  return (
    <div className="nav-menu" onKeyDown={closeOnEscape}>
      <button
        ref={button}
        type="button"
        className="nav-toggle"
        aria-expanded={open}
        aria-controls={navId}
        aria-label={t('layout.menu')}
        onClick={toggle}
      >
        {/* A narrow bar may show the sign only; the word stays the button's name. */}
        <span aria-hidden="true">☰</span> <span className="nav-toggle-word">{t('layout.menu')}</span>
      </button>
      <nav
        ref={nav}
        id={navId}
        className={`nav${open ? ' open' : ''}`}
        aria-label={label}
        onClick={closeOnLink}
      >
        {children}
      </nav>
    </div>
  );
}
