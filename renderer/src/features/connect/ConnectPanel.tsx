import { copyWithToast } from '../../components/copy-text.js';
import { Spinner } from '../../components/Spinner.js';
import { useConnectInfo } from '../../hooks/console-data.js';

/** How players reach Matchday: the best LAN address in large type, its QR code, and the others. */
export function ConnectPanel() {
  const { data: info, error } = useConnectInfo();

  return (
    <section className="panel connect" aria-labelledby="connect-title">
      <h2 id="connect-title">Connect players</h2>
      {error && <p role="alert">{error}</p>}
      {!info && !error && <Spinner />}
      {info && (
        <div className="connect-body">
          <img
            className="connect-qr"
            src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(info.qrSvg)}`}
            alt={`QR code of ${info.playersUrl}`}
            width={200}
            height={200}
          />
          <div className="connect-text">
            <p className="muted">Players open this address in any browser on the LAN:</p>
            <p className="connect-url" data-testid="players-url">
              {info.playersUrl}
            </p>
            <button
              type="button"
              className="primary"
              onClick={() => void copyWithToast(info.playersUrl, `Copied ${info.playersUrl}`)}
            >
              Copy address
            </button>
            {!info.reachableOnLan && (
              <p className="banner-warning" role="status">
                Matchday listens on this machine only, so nobody else on the LAN can reach it. Start it with
                HOST=0.0.0.0 (the default) to let players in.
              </p>
            )}
            {(info.lanUrls.length > 1 || info.mdnsUrl) && (
              <details className="connect-others">
                <summary>Other addresses</summary>
                <ul>
                  {[...info.lanUrls.slice(1), ...(info.mdnsUrl ? [info.mdnsUrl] : [])].map((url) => (
                    <li key={url}>
                      <code>{url}</code>{' '}
                      <button type="button" onClick={() => void copyWithToast(url, `Copied ${url}`)}>
                        Copy
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
