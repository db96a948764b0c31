import { useRef } from 'react';
import type { Match } from '../../../../shared/contracts/matches.js';
import { winnerLinks } from '../../../../shared/domain/bracket-links.js';
import { useT } from '../../i18n/index.js';
import { MatchCard } from './MatchCard.js';
import { bracketSections, type BracketSection } from './sections.js';
import { lastRoundsOf } from '../../../../shared/domain/match-label.js';
import { useBracketLines } from './useBracketLines.js';

/**
 * The parts of a bracket on one canvas that scrolls sideways as a whole (upper and lower bracket stay
 * aligned, the grand final beside both), with a line from each match to the one its winner plays next.
 */
function BracketCanvas({ matches, sections }: { matches: readonly Match[]; sections: BracketSection[] }) {
  const t = useT();
  const canvas = useRef<HTMLDivElement>(null);
  const { lines, width, height } = useBracketLines(canvas, winnerLinks(matches));
  const lastRounds = lastRoundsOf(matches);
  const decided = new Set(matches.filter((m) => m.winnerId !== null).map((m) => m.slug));
  return (
    <div
      className="bracket-canvas"
      ref={canvas}
      tabIndex={0}
      role="group"
      aria-label={t('bracket.view.rounds')}
    >
      <svg className="bracket-lines" width={width} height={height} aria-hidden="true">
        {lines.map((line) => (
          <path
            key={line.from}
            d={line.d}
            data-from={line.from}
            data-to={line.to}
            className={decided.has(line.from) ? 'decided' : undefined}
          />
        ))}
      </svg>
      {sections.map((section) => (
        <section key={section.key} className={`bracket-part part-${section.key}`} aria-label={section.title}>
          {sections.length > 1 && <h2 className="bracket-part-title">{section.title}</h2>}
          <div className="bracket-columns">
            {section.columns.map((column) => (
              <div key={column.key} className="bracket-column">
                <h3 className="bracket-column-title">{column.title}</h3>
                <div className="bracket-column-matches">
                  {column.matches.map((m) => (
                    <div key={m.slug} className="bracket-slot">
                      <MatchCard match={m} lastRounds={lastRounds} />
                    </div>
                  ))}
                </div>
              </div>
            ))}
          </div>
        </section>
      ))}
    </div>
  );
}

/** Every part of a bracket as columns of match cards; scrolls inside itself on a narrow screen. */
export function BracketView({ matches }: { matches: readonly Match[] }) {
  const t = useT();
  const sections = bracketSections(matches);
  if (sections.length === 0) {
    return <p className="muted">{t('bracket.view.empty')}</p>;
  }
  return (
    <div className="bracket" data-testid="bracket">
      <BracketCanvas matches={matches} sections={sections} />
    </div>
  );
}
