import { z } from 'zod';

export const adminMeSchema = z.object({
  success: z.literal(true),
  authenticated: z.literal(true),
  kind: z.enum(['session', 'token']),
  role: z.enum(['admin', 'readonly', 'integrator', 'player']),
  label: z.string().nullable(),
  platformId: z.string().nullable(),
  can: z.array(z.enum(['read', 'write', 'rcon', 'integrations'])),
});
export type AdminMe = z.infer<typeof adminMeSchema>;

export const meSchema = z.object({
  success: z.literal(true),
  authenticated: z.boolean(),
  role: z.enum(['admin', 'player']).nullable(),
  platformId: z.string().nullable(),
});
export type Me = z.infer<typeof meSchema>;
