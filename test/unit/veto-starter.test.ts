import { describe, expect, it } from 'vitest';
import { chooseStarter } from '../../shared/domain/veto-starter.js';
import { applyVetoAction, nextStep, type Veto } from '../../shared/domain/veto.js';

const POOL = ['a', 'b', 'c', 'd', 'e', 'f', 'g'];

describe('veto starter (decision 78)', () => {
  it('team1 always starts under the default rule; the better seed under higher_seed', () => {
    expect(chooseStarter('team1', { team1: 4, team2: 1 }, () => 0.9)).toEqual({
      starter: 'team1',
      coinToss: null,
    });
    expect(chooseStarter('higher_seed', { team1: 4, team2: 1 }, () => 0.9).starter).toBe('team2');
    expect(chooseStarter('higher_seed', { team1: 2, team2: 3 }, () => 0.9).starter).toBe('team1');
    // A manual match has no seeds: team 1 starts.
    expect(chooseStarter('higher_seed', { team1: null, team2: 1 }, () => 0.9).starter).toBe('team1');
  });

  it('the coin decides, and its winner starts', () => {
    expect(chooseStarter('coin_toss', { team1: 1, team2: 2 }, () => 0.2)).toEqual({
      starter: 'team1',
      coinToss: 'team1',
    });
    expect(chooseStarter('coin_toss', { team1: 1, team2: 2 }, () => 0.7)).toEqual({
      starter: 'team2',
      coinToss: 'team2',
    });
  });

  it('team 2 starting plays the "team A" steps: it bans first, team 1 picks the bo1 side', () => {
    const veto: Veto = { format: 'bo1', pool: POOL, history: [], starter: 'team2' };
    expect(nextStep(veto)).toEqual({ team: 'team2', action: 'ban' });
    const refused = applyVetoAction(veto, { team: 'team1', action: 'ban', map: 'a' });
    expect(refused).toMatchObject({ ok: false, code: 'VETO_NOT_YOUR_TURN' });
    let v = veto;
    for (const map of ['a', 'b', 'c', 'd', 'e', 'f']) {
      const step = nextStep(v)!;
      const out = applyVetoAction(v, { ...step, map });
      if (!out.ok) {
        throw new Error(out.message);
      }
      v = out.veto;
    }
    expect(nextStep(v)).toEqual({ team: 'team1', action: 'side' });
  });
});
