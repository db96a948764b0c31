import type { Match } from '../../../../shared/contracts/matches.js';
import { MatchCard } from './MatchCard.js';
import { bracketSections } from './sections.js';

/** Every part of a bracket as columns of match cards; scrolls inside itself on a narrow screen. */
export function BracketView({ matches }: { matches: readonly Match[] }) {
  const sections = bracketSections(matches);
  if (sections.length === 0) {
    return <p className="muted">The bracket appears when the tournament starts.</p>;
  }
  return (
    <div className="bracket" data-testid="bracket">
      {sections.map((section) => (
        <section key={section.key} className="bracket-part" aria-label={section.title ?? 'Bracket'}>
          {sections.length > 1 && <h2 className="bracket-part-title">{section.title}</h2>}
          <div className="bracket-columns" tabIndex={0} aria-label={`${section.title} rounds`}>
            {section.columns.map((column) => (
              <div key={column.key} className="bracket-column">
                <h3 className="bracket-column-title">{column.title}</h3>
                <div className="bracket-column-matches">
                  {column.matches.map((m) => (
                    <MatchCard key={m.slug} match={m} />
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
