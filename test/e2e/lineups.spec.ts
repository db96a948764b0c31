import {
  adminApi,
  expect,
  failOnConsoleErrors,
  inGerman,
  noHorizontalOverflow,
  saveScreenshot,
  test,
} from './matchday.js';
import { signInWithTeamCode } from './player-sign-in.js';

const PHONE = { width: 360, height: 740 };
const pid = (team: number, i: number) => String(76561198600000000n + BigInt(team * 10 + i));

test('a captain sets the lineup on a phone; the admin sees it in the team change log', async ({
  page,
  matchday,
  signInAsAdmin,
}) => {
  failOnConsoleErrors(page);
  const url = matchday.localUrl;
  const names = ['Ana', 'Ben', 'Cleo', 'Dario', 'Emil', 'Fynn the substitute with a long name'];
  await adminApi(url, 'POST', '/api/teams', {
    id: 'foxes',
    name: 'Foxes',
    players: [
      ...names.map((name, i) => ({ platformId: pid(1, i + 1), name })),
      { platformId: pid(1, 9), name: 'Coach Carla', role: 'coach' },
    ],
  });
  await adminApi(url, 'POST', '/api/teams', {
    id: 'owls',
    name: 'Owls',
    players: [1, 2, 3, 4, 5].map((i) => ({ platformId: pid(2, i), name: `Owl ${i}` })),
  });
  const { match } = await adminApi(url, 'POST', '/api/matches', {
    team1Id: 'foxes',
    team2Id: 'owls',
    format: 'bo1',
    veto: false,
    maps: ['de_mirage'],
  });
  const code = (await adminApi(url, 'GET', '/api/teams/foxes')).team.joinCode as string;

  await page.setViewportSize(PHONE);
  await page.goto(`${url}/signin`);
  await signInWithTeamCode(page, { team: 'Foxes', player: 'Ana', code });
  const lineup = page.getByRole('group', { name: 'Who plays this match? Pick 5.' });
  await expect(lineup).toBeVisible();
  await expect(page.getByText('Coach: Coach Carla')).toBeVisible();
  await expect(page.getByText('5 of 5 chosen')).toBeVisible();
  await lineup.getByRole('checkbox', { name: /Emil/ }).uncheck();
  await expect(page.getByRole('button', { name: 'Save lineup' })).toBeDisabled();
  await lineup.getByRole('checkbox', { name: /Fynn/ }).check();
  await expect(page.getByText('5 of 5 chosen')).toBeVisible();
  await noHorizontalOverflow(page, PHONE.width);
  await saveScreenshot(page, 'lineup-phone', { fullPage: true });
  await page.getByRole('button', { name: 'Save lineup' }).click();
  await expect(page.getByText('Lineup saved.')).toBeVisible();

  const saved = await adminApi(url, 'GET', `/api/matches/${match.slug}/lineup`);
  expect(saved.lineups[0].players.map((p: { name: string }) => p.name)).toEqual([
    'Ana',
    'Ben',
    'Cleo',
    'Dario',
    'Fynn the substitute with a long name',
  ]);

  await page.setViewportSize({ width: 1920, height: 1080 });
  await saveScreenshot(page, 'lineup-desktop');
  await signInAsAdmin(page);
  await page.goto(`${url}/admin/teams`);
  await page.getByRole('row', { name: /Foxes/ }).getByRole('button', { name: 'Edit' }).click();
  const log = page.getByRole('region', { name: 'Roster and lineup changes' });
  await expect(log.getByText('Lineup', { exact: true })).toBeVisible();
  await expect(log).toContainText(`player:${pid(1, 1)}`);
  await saveScreenshot(page, 'team-change-log', { fullPage: true });

  // A typo in Emil's Steam id, corrected under the same name: the editor fixes the id, keeping his stats.
  const corrected = pid(1, 8);
  await page
    .getByLabel(/^Steam id/)
    .nth(4)
    .fill(corrected);
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('Team Foxes saved.')).toBeVisible();
  await expect
    .poll(async () =>
      (await adminApi(url, 'GET', '/api/teams/foxes')).team.players.map(
        (p: { platformId: string }) => p.platformId,
      ),
    )
    .toContain(corrected);
  const changes = (await adminApi(url, 'GET', '/api/teams/foxes/changes')).changes;
  expect(changes[0]).toMatchObject({
    kind: 'id_fix',
    before: { platformId: pid(1, 5) },
    after: { platformId: corrected },
  });

  await page.goto(`${url}/admin/matches/${match.slug}`);
  const window = page.getByRole('region', { name: 'Lineup' });
  await expect(window).toContainText('Ana, Ben, Cleo, Dario, Fynn the substitute with a long name');
  await expect(window).toContainText('Substitutes: Emil');
  await expect(window).toContainText('Coach: Coach Carla');
  // Not on a server yet: nothing to swap.
  await expect(window.getByRole('button', { name: 'Swap player' })).toHaveCount(0);
});

test('the lineup on a phone in German', async ({ page, matchday }) => {
  failOnConsoleErrors(page);
  await inGerman(page);
  const url = matchday.localUrl;
  await adminApi(url, 'POST', '/api/teams', {
    id: 'luechse',
    name: 'Lüchse',
    players: [1, 2, 3].map((i) => ({ platformId: pid(3, i), name: `Luchs ${i}` })),
  });
  await adminApi(url, 'POST', '/api/teams', {
    id: 'eulen',
    name: 'Eulen',
    players: [1, 2].map((i) => ({ platformId: pid(4, i), name: `Eule ${i}` })),
  });
  await adminApi(url, 'POST', '/api/matches', {
    team1Id: 'luechse',
    team2Id: 'eulen',
    format: 'bo1',
    veto: false,
    maps: ['de_mirage'],
    teamSize: 2,
  });
  const code = (await adminApi(url, 'GET', '/api/teams/luechse')).team.joinCode as string;
  await page.setViewportSize(PHONE);
  await page.goto(`${url}/signin`);
  await signInWithTeamCode(page, { team: 'Lüchse', player: 'Luchs 1', code, lang: 'de' });
  const lineup = page.getByRole('group', { name: 'Wer spielt dieses Match? Wähle 2.' });
  await lineup.getByRole('checkbox', { name: /Luchs 2/ }).uncheck();
  await lineup.getByRole('checkbox', { name: /Luchs 3/ }).check();
  await page.getByRole('button', { name: 'Aufstellung speichern' }).click();
  await expect(page.getByText('Aufstellung gespeichert.')).toBeVisible();
  await noHorizontalOverflow(page, PHONE.width);
  await saveScreenshot(page, 'lineup-phone-de', { fullPage: true });
});
