import type { Catalogue } from '../en/index.js';

export const signIn: Catalogue['signIn'] = {
  title: 'Anmelden',
  error: {
    adminLink: 'Dieser Admin-Link wurde schon benutzt oder ist abgelaufen. Frag nach einem neuen.',
  },
  players: {
    title: 'Spieler',
    help: 'Wähle dein Team und deinen Namen und gib dann den Team-Code ein, den ihr von der Orga bekommen habt.',
  },
  organisers: {
    title: 'Orga',
    help: 'Auf dem Laptop, auf dem Matchday läuft, meldet dich das Desktop-Fenster als Admin an. Läuft Matchday ohne Fenster (headless), öffne den einmaligen <strong>Admin-Anmeldelink</strong>, den Matchday in seiner Konsole ausgegeben hat.',
  },
  lan: {
    form: 'LAN-Anmeldung',
    noTeams: 'Noch keine Teams: Die Orga legt sie zuerst an.',
    team: 'Dein Team',
    chooseTeam: 'Wähle dein Team',
    player: 'Du',
    chooseName: 'Wähle deinen Namen',
    code: 'Team-Code',
    submit: 'Anmelden',
    busy: 'Anmeldung läuft…',
  },
};
