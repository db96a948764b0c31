import type { Page } from '@playwright/test';
import { expect } from './matchday.js';

/** The sign-in form's words in each language the web app ships. */
export const SIGN_IN = {
  en: { form: 'LAN sign-in', team: 'Your team', player: 'You', code: 'Team code', submit: 'Sign in' },
  de: { form: 'LAN-Anmeldung', team: 'Dein Team', player: 'Du', code: 'Team-Code', submit: 'Anmelden' },
};
export type SignInLanguage = keyof typeof SIGN_IN;

/** On the sign-in page `page` shows, a player picks their team and name, types the team code and lands on /me. */
export async function signInWithTeamCode(
  page: Page,
  { team, player, code, lang = 'en' }: { team: string; player: string; code: string; lang?: SignInLanguage },
): Promise<void> {
  const words = SIGN_IN[lang];
  const form = page.getByRole('form', { name: words.form });
  await form.getByLabel(words.team).selectOption({ label: team });
  await form.getByLabel(words.player, { exact: true }).selectOption({ label: player });
  await form.getByLabel(words.code).fill(code);
  await form.getByRole('button', { name: words.submit }).click();
  await expect(page).toHaveURL(/\/me$/);
}
