import i18next, { type TFunction } from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import type { GameServer } from '../../renderer/src/api/admin.js';
import { blockedText, busyText } from '../../renderer/src/features/servers/blocked-text.js';
import { de } from '../../renderer/src/i18n/locales/de/index.js';
import { en } from '../../renderer/src/i18n/locales/en/index.js';

/** The fields the texts read; the API's own English words as it sends them. */
function server(availability: Partial<GameServer['availability']>, pluginStatus: string | null): GameServer {
  return {
    availability: {
      free: false,
      blockedReason: null,
      blocked: null,
      busy: null,
      activeMatch: null,
      warnings: [],
      ...availability,
    },
    plugin: { status: pluginStatus },
  } as GameServer;
}

const translators: Record<'en' | 'de', TFunction> = {} as never;
beforeAll(async () => {
  for (const lng of ['en', 'de'] as const) {
    const instance = i18next.createInstance();
    await instance.init({ resources: { en: { translation: en }, de: { translation: de } }, lng });
    translators[lng] = instance.t;
  }
});

describe('why a server takes no match, in the language in use', () => {
  it('says which match it plays, as the API does in English', () => {
    const playing = server({ busy: 'plays match UB-R1-M2', activeMatch: 'UB-R1-M2' }, 'live');
    expect(busyText(playing, translators.en)).toBe('plays match UB-R1-M2');
    expect(busyText(playing, translators.de)).toBe('spielt Match UB-R1-M2');
  });

  it('says what the plugin reports when no match of Matchday runs there', () => {
    const paused = server({ busy: 'the plugin reports paused' }, 'paused');
    expect(busyText(paused, translators.en)).toBe('the plugin reports paused');
    expect(busyText(paused, translators.de)).toBe('das Plugin meldet paused');
  });

  it('is nothing for a server that is not busy', () => {
    expect(busyText(server({ free: true }, 'idle'), translators.de)).toBeNull();
  });

  it('words the blocked reason by its code', () => {
    const disabled = server({ blockedReason: 'disabled', blocked: 'Disabled' }, null);
    expect(blockedText(disabled, translators.en)).toBe('Disabled');
    expect(blockedText(disabled, translators.de)).toBe('Deaktiviert');
  });
});
