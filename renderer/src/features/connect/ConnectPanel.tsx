import { copyWithToast } from '../../components/copy-text.js';
import { Spinner } from '../../components/Spinner.js';
import { useConnectInfo } from '../../hooks/console-data.js';
import { useT } from '../../i18n/index.js';

/** How players reach Matchday: the best LAN address in large type, its QR code, and the others. */
export function ConnectPanel() {
  const { data: info, error } = useConnectInfo();
  const t = useT();

  return (
    <section className="panel connect" aria-labelledby="connect-title">
      <h2 id="connect-title">{t('connect.title')}</h2>
      {error && <p role="alert">{error}</p>}
      {!info && !error && <Spinner />}
      {info && (
        <div className="connect-body">
          <img
            className="connect-qr"
            src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(info.qrSvg)}`}
            alt={t('connect.qrOf', { url: info.playersUrl })}
            width={200}
            height={200}
          />
          <div className="connect-text">
            <p className="muted">{t('connect.openAddress')}</p>
            <p className="connect-url" data-testid="players-url">
              {info.playersUrl}
            </p>
            <button
              type="button"
              className="primary"
              onClick={() =>
                void copyWithToast(info.playersUrl, t('connect.copied', { url: info.playersUrl }))
              }
            >
              {t('connect.copyAddress')}
            </button>
            {!info.reachableOnLan && (
              <p className="banner-warning" role="status">
                {t('connect.localOnly')}
              </p>
            )}
            {(info.lanUrls.length > 1 || info.mdnsUrl) && (
              <details className="connect-others">
                <summary>{t('connect.otherAddresses')}</summary>
                <ul>
                  {[...info.lanUrls.slice(1), ...(info.mdnsUrl ? [info.mdnsUrl] : [])].map((url) => (
                    <li key={url}>
                      <code>{url}</code>{' '}
                      <button
                        type="button"
                        onClick={() => void copyWithToast(url, t('connect.copied', { url }))}
                      >
                        {t('connect.copy')}
                      </button>
                    </li>
                  ))}
                </ul>
              </details>
            )}
          </div>
        </div>
      )}
    </section>
  );
}
