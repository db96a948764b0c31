import { z } from 'zod';

export const connectInfoSchema = z.object({
  success: z.literal(true),
  /** What players open: the best LAN address, else this machine's own URL. */
  playersUrl: z.string(),
  /** False when Matchday listens on loopback only: nobody else on the LAN can reach it. */
  reachableOnLan: z.boolean(),
  /** Every LAN address, best first (the first is `playersUrl`). */
  lanUrls: z.array(z.string()),
  mdnsUrl: z.string().nullable(),
  localUrl: z.string(),
  /** A QR code of `playersUrl` as an SVG document. */
  qrSvg: z.string(),
});
export type ConnectInfo = z.infer<typeof connectInfoSchema>;

/** What the projector shows anyone (`/screen`): the address players open and its QR code, nothing more. */
export const joinInfoSchema = connectInfoSchema.pick({ success: true, playersUrl: true, qrSvg: true });
export type JoinInfo = z.infer<typeof joinInfoSchema>;
