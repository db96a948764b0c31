import QRCode from 'qrcode';
import type { AppContext } from '../../context.js';
import type { RouteTable } from '../../http/route.js';
import { connectInfoSchema, type ConnectInfo } from '../../../shared/contracts/connect.js';

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
        qrSvg: await QRCode.toString(playersUrl, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' }),
      };
    },
  });
}
