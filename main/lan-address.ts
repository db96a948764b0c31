// One ranking of LAN addresses for the headless start, PUBLIC_URL's default and the desktop window.
export { rankLanAddresses, systemInterfaces, type InterfaceAddress } from '../server/net/lan-address.js';
