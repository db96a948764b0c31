import type { AppContext } from '../../context.js';
import type { RouteTable } from '../../http/route.js';
import { connectInfoSchema, type ConnectInfo } from '../../../shared/contracts/connect.js';

/** The QR encoder loads on first use: start-up does not pay for it. */
async function qrSvg(text: string): Promise<string> {
  const { default: QRCode } = await import('qrcode');
  return QRCode.toString(text, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' });
}

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
      const playersUrl = lanUrls[0] ?? localUrl;
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
}
