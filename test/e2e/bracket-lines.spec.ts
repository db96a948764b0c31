import type { Page } from '@playwright/test';
import type { Match } from '../../shared/contracts/matches.js';
import { adminApi, expect, failOnConsoleErrors, test, saveScreenshot } from './matchday.js';

const PHONE = { width: 360, height: 740 };
const FULL_HD = { width: 1920, height: 1080 };

/** `count` teams "Team 01".. and a started tournament of the given settings. */
async function startCup(url: string, count: number, tournament: Record<string, unknown>): Promise<void> {
  const teamIds: string[] = [];
  for (let i = 1; i <= count; i++) {
    const name = `Team ${String(i).padStart(2, '0')}`;
    const { team } = await adminApi(url, 'POST', '/api/teams', { name, tag: `T${i}` });
    teamIds.push(team.id);
  }
  await adminApi(url, 'POST', '/api/tournament', {
    name: 'Lines Cup',
    format: 'bo1',
    teamIds,
    ...tournament,
  });
  await adminApi(url, 'POST', '/api/tournament/start', { force: true });
}

async function bracketMatches(url: string): Promise<Match[]> {
  return (await adminApi(url, 'GET', '/api/tournament/bracket')).matches as Match[];
}

/** Decides the playable matches matching `which`, team 1 winning. */
async function decide(url: string, which: (m: Match) => boolean): Promise<void> {
  for (const m of await bracketMatches(url)) {
    if (which(m) && m.team1 && m.team2 && m.status !== 'completed' && m.displayStatus !== 'BYE') {
      await adminApi(url, 'POST', `/api/matches/${m.slug}/winner`, { winner: 'team1' });
    }
  }
}

/** [from label, to label] pairs as slugs. */
function bySlug(matches: readonly Match[], pairs: readonly (readonly [string, string])[]): string[] {
  const slug = (label: string) => {
    const m = matches.find((x) => x.label === label);
    expect(m, `a match labelled ${label}`).toBeDefined();
    return m!.slug;
  };
  return pairs.map(([from, to]) => `${slug(from)} > ${slug(to)}`).sort();
}

/** Where an element is on screen; for a path, its geometry (Playwright's box would add the stroke). */
async function rectOf(
  page: Page,
  selector: string,
): Promise<{ x: number; y: number; width: number; height: number }> {
  return page.locator(selector).evaluate((e) => {
    const { x, y, width, height } = e.getBoundingClientRect();
    return { x, y, width, height };
  });
}

/**
 * The lines drawn are exactly `expected` ("from > to" slugs), and each one starts at the middle of its
 * card's right edge and ends at the middle of the next card's left edge, on screen.
 */
async function expectLines(page: Page, expected: readonly string[]): Promise<void> {
  const paths = page.locator('svg.bracket-lines path');
  await expect(paths).toHaveCount(expected.length);
  const drawn = await paths.evaluateAll((all) =>
    all.map((p) => `${p.getAttribute('data-from')} > ${p.getAttribute('data-to')}`),
  );
  expect(drawn.sort()).toEqual([...expected].sort());
  // The lines follow a resize or a language switch on the next frame: retried until they do.
  await expect(async () => {
    for (const pair of expected) {
      const [from, to] = pair.split(' > ');
      const line = await rectOf(page, `svg.bracket-lines path[data-from="${from}"]`);
      const a = await rectOf(page, `.bracket-canvas [data-slug="${from}"]`);
      const b = await rectOf(page, `.bracket-canvas [data-slug="${to}"]`);
      const near = (x: number, y: number, what: string) =>
        expect(Math.abs(x - y), `${pair}: ${what}`).toBeLessThan(1.5);
      near(line.x, a.x + a.width, 'starts at the right edge of its card');
      near(line.x + line.width, b.x, 'ends at the left edge of the next card');
      const middles = [a.y + a.height / 2, b.y + b.height / 2];
      near(line.y, Math.min(...middles), 'top at the higher card middle');
      near(line.y + line.height, Math.max(...middles), 'bottom at the lower card middle');
    }
  }).toPass({ timeout: 5_000 });
}

/** No two cards of the bracket overlap. */
async function expectNoOverlap(page: Page): Promise<void> {
  const boxes = await page
    .locator('.bracket-canvas .match-card')
    .evaluateAll((cards) => cards.map((c) => c.getBoundingClientRect().toJSON() as DOMRect));
  for (let i = 0; i < boxes.length; i++) {
    for (let j = i + 1; j < boxes.length; j++) {
      const [p, q] = [boxes[i]!, boxes[j]!];
      const apart = p.right <= q.left || q.right <= p.left || p.bottom <= q.top || q.bottom <= p.top;
      expect(apart, `cards ${i} and ${j} overlap`).toBe(true);
    }
  }
}

/** The page itself never scrolls sideways: the bracket scrolls inside its own box. */
async function expectBracketScrollsInside(page: Page): Promise<void> {
  const size = await page.evaluate(() => ({
    page: document.scrollingElement!.scrollWidth,
    inner: innerWidth,
    canvas: document.querySelector('.bracket-canvas')!.scrollWidth,
    canvasBox: document.querySelector('.bracket-canvas')!.clientWidth,
  }));
  expect(size.page).toBeLessThanOrEqual(size.inner);
  expect(size.canvas).toBeGreaterThan(size.canvasBox);
}

test('8-team single elimination: 4 + 2 lines, quarter-finals to semi-finals to the final, at 1080p and on a phone', async ({
  page,
  matchday,
}) => {
  failOnConsoleErrors(page);
  const url = matchday.localUrl;
  await startCup(url, 8, { type: 'single_elimination' });
  await decide(url, (m) => m.round === 1 && m.matchNumber <= 3);
  const expected = bySlug(await bracketMatches(url), [
    ['R1 M1', 'R2 M1'],
    ['R1 M2', 'R2 M1'],
    ['R1 M3', 'R2 M2'],
    ['R1 M4', 'R2 M2'],
    ['R2 M1', 'Final'],
    ['R2 M2', 'Final'],
  ]);

  await page.setViewportSize(FULL_HD);
  await page.goto(`${url}/bracket`);
  await expectLines(page, expected);
  // A decided match's line is drawn in the brighter colour: three quarter-finals are decided.
  await expect(page.locator('svg.bracket-lines path.decided')).toHaveCount(3);
  await expectNoOverlap(page);
  await saveScreenshot(page, 'bracket-se8-1080p');

  await page.setViewportSize(PHONE);
  await expectLines(page, expected);
  await expectNoOverlap(page);
  await expectBracketScrollsInside(page);
  await saveScreenshot(page, 'bracket-se8-360');
  // Scrolled to the final, the lines still join the same cards.
  await page.locator('.bracket-canvas').evaluate((c) => c.scrollTo({ left: c.scrollWidth }));
  await expectLines(page, expected);

  // German words fit the phone too.
  await page.getByRole('combobox', { name: 'Language' }).selectOption('de');
  await expect(page.getByRole('heading', { name: 'Viertelfinale' })).toBeVisible();
  await expect(page.locator('[data-slug] .mc-status').first()).toHaveText('Beendet');
  await expect(page.getByText('Sieger Viertelfinale 4')).toBeVisible();
  await expectLines(page, expected);
  await expectNoOverlap(page);
  await expectBracketScrollsInside(page);
  await page.locator('.bracket-canvas').evaluate((c) => c.scrollTo({ left: 0 }));
  await saveScreenshot(page, 'bracket-se8-de-360');
});

/** Every winner link of a 16-team double elimination with a simple grand final, by label. */
function doubleEliminationLinks(): [string, string][] {
  const pairs: [string, string][] = [];
  for (const [round, count] of [
    [1, 8],
    [2, 4],
    [3, 2],
  ] as const) {
    for (let n = 1; n <= count; n++) {
      pairs.push([`UB R${round} M${n}`, `UB R${round + 1} M${Math.ceil(n / 2)}`]);
    }
  }
  pairs.push(['UB R4 M1', 'Grand Final']);
  // Lower bracket: 4, 4, 2, 2, 1, 1 matches; odd rounds go on one to one, even rounds pair up.
  for (const [round, count] of [
    [1, 4],
    [2, 4],
    [3, 2],
    [4, 2],
    [5, 1],
  ] as const) {
    for (let n = 1; n <= count; n++) {
      pairs.push([`LB R${round} M${n}`, `LB R${round + 1} M${round % 2 === 1 ? n : Math.ceil(n / 2)}`]);
    }
  }
  pairs.push(['LB R6 M1', 'Grand Final']);
  return pairs;
}

test('16-team double elimination: upper, lower and both finals into the grand final; no line for a loser dropping', async ({
  page,
  matchday,
}) => {
  failOnConsoleErrors(page);
  const url = matchday.localUrl;
  await startCup(url, 16, { type: 'double_elimination' });
  await decide(url, (m) => m.bracket === 'UB' && m.round === 1);
  const expected = bySlug(await bracketMatches(url), doubleEliminationLinks());
  expect(expected).toHaveLength(29);

  await page.setViewportSize(FULL_HD);
  await page.goto(`${url}/bracket`);
  await expect(page.getByRole('heading', { name: 'Lower bracket' })).toBeVisible();
  await expectLines(page, expected);
  await expectNoOverlap(page);
  await saveScreenshot(page, 'bracket-de16-1080p', { fullPage: true });

  await page.setViewportSize(PHONE);
  await expectLines(page, expected);
  await expectNoOverlap(page);
  await expectBracketScrollsInside(page);
  await saveScreenshot(page, 'bracket-de16-360', { fullPage: true });
});

test('the projector draws the lines of a 16-team double elimination and still fits 1080p and 720p', async ({
  page,
  matchday,
}) => {
  failOnConsoleErrors(page);
  const url = matchday.localUrl;
  await startCup(url, 16, { type: 'double_elimination' });
  const expected = bySlug(await bracketMatches(url), doubleEliminationLinks());
  for (const size of [FULL_HD, { width: 1280, height: 720 }]) {
    await page.setViewportSize(size);
    await page.goto(`${url}/screen?panel=bracket`);
    await expect(page.locator('.screen')).toHaveAttribute('data-view', 'bracket');
    await expect(page.locator('svg.bracket-lines path')).toHaveCount(expected.length);
    const fit = await page.evaluate(() => ({
      width: document.scrollingElement!.scrollWidth,
      height: document.scrollingElement!.scrollHeight,
      innerWidth,
      innerHeight,
    }));
    expect(fit.width).toBeLessThanOrEqual(fit.innerWidth);
    expect(fit.height).toBeLessThanOrEqual(fit.innerHeight);
    // Scaled to fit, the lines are scaled with the cards.
    await expectLines(page, expected);
    if (size === FULL_HD) {
      await saveScreenshot(page, 'bracket-screen-de16-1080p');
    }
  }
});

test('groups_playoffs: the playoff stage is drawn with its lines, the groups and a round robin without', async ({
  page,
  matchday,
}) => {
  failOnConsoleErrors(page);
  const url = matchday.localUrl;
  await startCup(url, 8, {
    type: 'groups_playoffs',
    settings: { veto: false },
    stages: [
      { kind: 'groups', type: 'round_robin', groupCount: 2, advancePerGroup: 2 },
      { kind: 'playoffs', type: 'single_elimination', format: 'bo3' },
    ],
  });
  await page.goto(`${url}/bracket`);
  await expect(page.getByRole('tab', { name: 'Groups' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('region', { name: 'Group A', exact: true })).toBeVisible();
  await expect(page.locator('svg.bracket-lines')).toHaveCount(0);
  await decide(url, (m) => m.stage === 'groups');
  const expected = bySlug(await bracketMatches(url), [
    ['R1 M1', 'Final'],
    ['R1 M2', 'Final'],
  ]);
  for (const [size, name] of [
    [FULL_HD, '1080p'],
    [PHONE, '360'],
  ] as const) {
    await page.setViewportSize(size);
    await page.goto(`${url}/bracket`);
    await expect(page.getByRole('tab', { name: 'Playoffs' })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByTestId('bracket').getByText('Team 01')).toBeVisible();
    await expectLines(page, expected);
    await expectNoOverlap(page);
    await saveScreenshot(page, `bracket-playoffs-${name}`, { fullPage: true });
  }
});

test('a round robin has rounds but no lines; the ranking pages are titled in the language in use', async ({
  page,
  matchday,
}) => {
  failOnConsoleErrors(page);
  await startCup(matchday.localUrl, 4, { type: 'round_robin' });
  await page.goto(`${matchday.localUrl}/bracket`);
  await expect(page.locator('.bracket-canvas .match-card')).toHaveCount(6);
  await expect(page.locator('svg.bracket-lines path')).toHaveCount(0);
  await expect(page.getByRole('region', { name: 'Standings' })).toBeVisible();

  // The ranking pages are titled by their kind, in the language in use.
  await page.getByRole('link', { name: 'Leaderboard' }).click();
  await expect(page.getByRole('heading', { name: 'Leaderboard', level: 1 })).toBeVisible();
  await page.getByRole('combobox', { name: 'Language' }).selectOption('de');
  await expect(page.getByRole('heading', { name: 'Rangliste', level: 1 })).toBeVisible();
  await page.getByRole('link', { name: 'Tabelle', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Tabelle', level: 1 })).toBeVisible();
  await expect(page.getByRole('columnheader', { name: 'S', exact: true })).toHaveAttribute('title', 'Siege');
});
