import { Spinner } from '../../components/Spinner.js';
import { useErrorToast } from '../../hooks/console-data.js';
import { useT } from '../../i18n/index.js';
import { useAdminLiveData } from '../../stores/admin-live.js';
import { LiveBadge } from '../live/LiveBadge.js';
import { AttentionList } from './AttentionList.js';

/** `/admin/attention` (API.md decision 67): everything that needs the organiser, live. */
export function AttentionPage() {
  const { attention, attentionError } = useAdminLiveData();
  const t = useT();
  useErrorToast(attentionError);
  return (
    <main className="page">
      <div className="page-head">
        <h1>{t('attention.title')}</h1>
        <LiveBadge />
      </div>
      <section className="panel">
        <p className="muted">{t('attention.intro')}</p>
        {attention === undefined ? <Spinner /> : <AttentionList items={attention} />}
      </section>
    </main>
  );
}
