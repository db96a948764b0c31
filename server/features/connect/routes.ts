import type { AppContext } from '../../context.js';
import type { RouteTable } from '../../http/route.js';
import {
  connectInfoSchema,
  joinInfoSchema,
  type ConnectInfo,
  type JoinInfo,
} from '../../../shared/contracts/connect.js';

/** The QR encoder loads on first use: start-up does not pay for it. */
async function qrSvg(text: string): Promise<string> {
  const { default: QRCode } = await import('qrcode');
  return QRCode.toString(text, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' });
}

/** What players open: the best LAN address, else this machine's own URL. */
const playersUrlOf = (ctx: AppContext) => ctx.addresses.lanUrls[0] ?? ctx.addresses.localUrl;

/** How players reach this Matchday, with a QR code to put on a screen or a sheet of paper. */
export function registerConnectRoutes(routes: RouteTable, ctx: AppContext): void {
  routes.add({
    method: 'get',
    path: '/api/connect',
    access: 'admin',
    tag: 'Meta',
    summary: 'The addresses players open (best LAN address first) and a QR code of the best one',
    response: connectInfoSchema,
    handler: async (): Promise<ConnectInfo> => {
      const { lanUrls, localUrl, mdnsUrl } = ctx.addresses;
      const playersUrl = playersUrlOf(ctx);
      return {
        success: true,
        playersUrl,
        reachableOnLan: lanUrls.length > 0,
        lanUrls,
        mdnsUrl: mdnsUrl ?? null,
        localUrl,
        qrSvg: await qrSvg(playersUrl),
      };
    },
  });

  routes.add({
    method: 'get',
    path: '/api/connect/join',
    access: 'public',
    tag: 'Meta',
    summary:
      'The address players open and its QR code, for the projector (`/screen`); the other addresses stay admin-only',
    response: joinInfoSchema,
    handler: async (): Promise<JoinInfo> => {
      const playersUrl = playersUrlOf(ctx);
      return { success: true, playersUrl, qrSvg: await qrSvg(playersUrl) };
    },
  });
}
