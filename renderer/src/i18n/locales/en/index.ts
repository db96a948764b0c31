/** The English catalogue: one module per feature, one catalogue for the language (decision 51). */
import { common } from './common.js';
import { layout } from './layout.js';
import { errors } from './errors.js';
import { attention } from './attention.js';
import { backup } from './backup.js';
import { bracket } from './bracket.js';
import { checkIn } from './check-in.js';
import { components } from './components.js';
import { connect } from './connect.js';
import { dashboard } from './dashboard.js';
import { devTools } from './dev-tools.js';
import { home } from './home.js';
import { live } from './live.js';
import { maps } from './maps.js';
import { matches } from './matches.js';
import { me } from './me.js';
import { overlay } from './overlay.js';
import { players } from './players.js';
import { exports } from './exports.js';
import { preflight } from './preflight.js';
import { print } from './print.js';
import { screen } from './screen.js';
import { servers } from './servers.js';
import { settings } from './settings.js';
import { signIn } from './sign-in.js';
import { stage } from './stage.js';
import { stats } from './stats.js';
import { teams } from './teams.js';
import { testMatches } from './test-matches.js';
import { tools } from './tools.js';
import { tournament } from './tournament.js';
import { veto } from './veto.js';
import { webhooks } from './webhooks.js';

export const en = {
  common,
  layout,
  errors,
  attention,
  backup,
  bracket,
  checkIn,
  components,
  connect,
  dashboard,
  devTools,
  home,
  live,
  maps,
  matches,
  me,
  overlay,
  players,
  exports,
  preflight,
  print,
  screen,
  servers,
  settings,
  signIn,
  stage,
  stats,
  teams,
  testMatches,
  tools,
  tournament,
  veto,
  webhooks,
};

export type Catalogue = typeof en;
