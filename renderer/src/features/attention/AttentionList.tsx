import { Link } from 'react-router';
import type { AttentionItem } from '../../../../shared/contracts/attention.js';
import { admin } from '../../api/admin.js';
import { timeAgo } from '../../components/time.js';
import { useAction } from '../../components/use-action.js';
import { useNow } from '../../hooks/use-now.js';
import { useT } from '../../i18n/index.js';

/** Kinds that stop play or a person waiting: drawn in the danger colour. */
const URGENT = new Set<AttentionItem['kind']>(['call', 'decision', 'server_lost', 'no_show']);

function Item({ item, now }: { item: AttentionItem; now: number }) {
  const t = useT();
  const { busy, run } = useAction();
  const classes = [
    'attention',
    URGENT.has(item.kind) ? 'attention-urgent' : '',
    item.acknowledged ? 'attention-seen' : '',
  ]
    .filter(Boolean)
    .join(' ');
  return (
    <li className={classes} data-kind={item.kind}>
      <div>
        <strong>{t(`attention.kinds.${item.kind}`)}</strong>{' '}
        <span className="muted">· {timeAgo(item.since, now)}</span>
        <div>{item.message}</div>
      </div>
      <div className="actions">
        {item.matchSlug !== undefined && (
          <Link className="button" to={`/admin/matches/${encodeURIComponent(item.matchSlug)}`}>
            {t('attention.openMatch')}
          </Link>
        )}
        {item.acknowledged ? (
          <span className="muted">{t('attention.seen')}</span>
        ) : (
          <button
            type="button"
            disabled={busy}
            onClick={() => void run(() => admin.acknowledgeAttention(item.id))}
          >
            {t('attention.acknowledge')}
          </button>
        )}
      </div>
    </li>
  );
}

/** The queue's items, oldest first; acknowledged ones greyed until their cause is gone. */
export function AttentionList({ items }: { items: readonly AttentionItem[] }) {
  const t = useT();
  const now = useNow(15_000);
  if (items.length === 0) {
    return <p className="ok-text">{t('attention.empty')}</p>;
  }
  return (
    <ul className="attention-list" aria-label={t('attention.title')}>
      {items.map((item) => (
        <Item key={item.id} item={item} now={now} />
      ))}
    </ul>
  );
}
