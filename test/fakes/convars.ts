import type { ConsoleCommand } from './console-line.js';

/**
 * Plugin convars are CounterStrikeSharp FakeConVars, typed like the plugin declares them, except
 * `legacy-bool`: the plugin's older boolean commands (`demo_recording_enabled`,
 * `knife_enabled_default`), which parse differently (sivert-io/MatchZy-Enhanced src/ConfigConvars.cs).
 */
export type PluginConvarKind = 'string' | 'int' | 'float' | 'bool' | 'legacy-bool';

interface Convar {
  /** Engine convars answer a query with a ` ( def. x )` tail; plugin FakeConVars bare `name = value`. */
  origin: 'engine' | 'plugin';
  /** An engine boolean prints `true`/`false` whatever it was set with. */
  engineBool?: boolean;
  kind: PluginConvarKind;
  defaultValue: string;
  value: string;
  /** A bare query or a set answers `name = 1|0` (only `knife_enabled_default` does). */
  echoes?: boolean;
}

const DOTNET_TYPE_NAMES: Record<PluginConvarKind, string> = {
  string: 'String',
  int: 'Int32',
  float: 'Single',
  bool: 'Boolean',
  'legacy-bool': 'Boolean',
};

export type ConvarListener = (name: string, value: string) => void;

/** The server's convars: engine ones and the plugin's FakeConVars (PROTOCOL.md 5.1). */
export class ConvarStore {
  private readonly convars = new Map<string, Convar>();
  private readonly listeners: ConvarListener[] = [];

  defineEngine(name: string, defaultValue: string, engineBool = false): void {
    this.convars.set(name, {
      origin: 'engine',
      kind: 'string',
      defaultValue,
      value: defaultValue,
      engineBool,
    });
  }

  definePlugin(
    name: string,
    kind: PluginConvarKind,
    defaultValue: string | number | boolean,
    echoes = false,
  ): void {
    const text = formatValue(kind, String(defaultValue));
    this.convars.set(name, { origin: 'plugin', kind, defaultValue: text, value: text, echoes });
  }

  has(name: string): boolean {
    return this.convars.has(name);
  }

  get(name: string): string {
    return this.convars.get(name)?.value ?? '';
  }

  getNumber(name: string): number {
    const value = Number(this.get(name));
    return Number.isFinite(value) ? value : 0;
  }

  getBool(name: string): boolean {
    return ['1', 'true'].includes(this.get(name).trim().toLowerCase());
  }

  set(name: string, value: string): void {
    const convar = this.convars.get(name);
    if (!convar) {
      return;
    }
    convar.value = convar.origin === 'plugin' ? formatValue(convar.kind, value) : value;
    for (const listener of this.listeners) {
      listener(name, convar.value);
    }
  }

  reset(name: string): void {
    const convar = this.convars.get(name);
    if (convar) {
      this.set(name, convar.defaultValue);
    }
  }

  onChange(listener: ConvarListener): void {
    this.listeners.push(listener);
  }

  /** Answers a console line naming a convar; `undefined` when the name is not a convar. */
  handle(command: ConsoleCommand): string | undefined {
    const convar = this.convars.get(command.name);
    if (!convar) {
      return undefined;
    }
    if (convar.kind === 'legacy-bool') {
      return this.handleLegacyBool(command, convar);
    }
    if (command.args.length === 0) {
      return convar.origin === 'plugin'
        ? `${command.name} = ${convar.value}`
        : engineReply(command.name, convar);
    }
    if (convar.origin === 'engine') {
      // The engine tokenizes: one pair of quotes goes.
      this.set(command.name, command.args.length === 1 ? (command.args[0] ?? '') : command.argString);
      return '';
    }
    // A FakeConVar parses the raw rest of the line: quotes stay part of a string, and make a number
    // or a boolean unreadable (roflmuffin/CounterStrikeSharp Modules/Cvars/FakeConVar.cs).
    const parsed = parseValue(convar.kind, command.argString);
    if (parsed === undefined) {
      return [
        `Error: String '${command.args[0]}' can't be converted to ${DOTNET_TYPE_NAMES[convar.kind]}`,
        `Failed to parse input ConVar '${command.name}' from string '${command.args[0]}'`,
      ].join('\n');
    }
    this.set(command.name, parsed);
    return '';
  }

  /**
   * `bool.TryParse` of the raw rest of the line (`true`/`false` in any case); otherwise exactly `0`
   * sets false and anything else (`1`, a quoted `"true"`, nothing) leaves the value as it was.
   */
  private handleLegacyBool(command: ConsoleCommand, convar: Convar): string {
    const text = command.argString.trim().toLowerCase();
    if (command.args.length > 0) {
      if (text === 'true' || text === 'false') {
        this.set(command.name, text);
      } else if (command.argString === '0') {
        this.set(command.name, 'false');
      }
    }
    return convar.echoes ? `${command.name} = ${this.getBool(command.name) ? 1 : 0}` : '';
  }
}

function parseValue(kind: PluginConvarKind, raw: string): string | undefined {
  const text = raw.trim();
  switch (kind) {
    case 'string':
      return raw;
    case 'int':
      return /^[+-]?\d+$/.test(text) ? String(Number(text)) : undefined;
    case 'float':
      return text !== '' && Number.isFinite(Number(text)) ? String(Number(text)) : undefined;
    case 'legacy-bool':
    case 'bool': {
      const lower = text.toLowerCase();
      if (lower === '1' || lower === 'true') {
        return 'True';
      }
      return lower === '0' || lower === 'false' ? 'False' : undefined;
    }
  }
}

/** .NET prints booleans as `True`/`False`. */
function formatValue(kind: PluginConvarKind, value: string): string {
  return kind === 'bool' || kind === 'legacy-bool' ? (parseValue('bool', value) ?? 'False') : value;
}

/**
 * CS2 answers an engine convar unquoted, booleans as `true`/`false`, with the default in a
 * ` ( def. x )` tail (not the Source 1 quoted form; real-plugin-reaudit.md 2 #5, 3 #3).
 */
function engineReply(name: string, convar: Convar): string {
  const show = (value: string) =>
    convar.engineBool ? String(['1', 'true'].includes(value.trim().toLowerCase())) : value;
  return `${name} = ${show(convar.value)} ( def. ${show(convar.defaultValue)} )`;
}
