import { useState } from 'react';
import { useT } from '../../i18n/index.js';

interface Props {
  /** Team ids in seed order. */
  ids: string[];
  nameOf(id: string): string;
  /** Reordering (drag or the move buttons) is only offered for manual seeding. */
  reorderable: boolean;
  disabled: boolean;
  onChange(ids: string[]): void;
}

function move<T>(list: readonly T[], from: number, to: number): T[] {
  const next = [...list];
  const [item] = next.splice(from, 1);
  next.splice(to, 0, item!);
  return next;
}

/** The tournament's teams in seed order: drag to reorder, or the ↑/↓ buttons from the keyboard. */
export function SeedList({ ids, nameOf, reorderable, disabled, onChange }: Props) {
  const t = useT();
  const [dragged, setDragged] = useState<number | null>(null);
  const [over, setOver] = useState<number | null>(null);
  const canMove = reorderable && !disabled;
  if (ids.length === 0) {
    return <p className="muted">{t('tournament.seeds.none')}</p>;
  }
  return (
    <ol className="seed-list" aria-label={t('tournament.seeds.label')}>
      {ids.map((id, i) => {
        const name = nameOf(id);
        return (
          <li
            key={id}
            className={`seed-item${dragged === i ? ' dragging' : ''}${over === i && dragged !== i ? ' drop-target' : ''}`}
            draggable={canMove}
            aria-label={t('tournament.seeds.item', { seed: i + 1, name })}
            onDragStart={(e) => {
              setDragged(i);
              e.dataTransfer.effectAllowed = 'move';
              e.dataTransfer.setData('text/plain', id);
            }}
            onDragOver={(e) => {
              if (dragged !== null) {
                e.preventDefault();
                setOver(i);
              }
            }}
            onDrop={(e) => {
              e.preventDefault();
              if (dragged !== null && dragged !== i) {
                onChange(move(ids, dragged, i));
              }
              setDragged(null);
              setOver(null);
            }}
            onDragEnd={() => {
              setDragged(null);
              setOver(null);
            }}
          >
            <span className="seed-no">{i + 1}</span>
            <span className="seed-name">{name}</span>
            {canMove && (
              <>
                <button
                  type="button"
                  aria-label={t('tournament.seeds.up', { name })}
                  disabled={i === 0}
                  onClick={() => onChange(move(ids, i, i - 1))}
                >
                  ↑
                </button>
                <button
                  type="button"
                  aria-label={t('tournament.seeds.down', { name })}
                  disabled={i === ids.length - 1}
                  onClick={() => onChange(move(ids, i, i + 1))}
                >
                  ↓
                </button>
              </>
            )}
            {!disabled && (
              <button
                type="button"
                aria-label={t('tournament.seeds.remove', { name })}
                onClick={() => onChange(ids.filter((other) => other !== id))}
              >
                ✕
              </button>
            )}
          </li>
        );
      })}
    </ol>
  );
}
