/** Strings of renderer/src/features/connect. */
export const connect = {
  title: 'Connect players',
  qrOf: 'QR code of {{url}}',
  openAddress: 'Players open this address in any browser on the LAN:',
  copyAddress: 'Copy address',
  copy: 'Copy',
  copied: 'Copied {{url}}',
  localOnly:
    'Matchday listens on this machine only, so nobody else on the LAN can reach it. Start it with HOST=0.0.0.0 (the default) to let players in.',
  otherAddresses: 'Other addresses',
};
