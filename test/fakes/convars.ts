import type { ConsoleCommand } from './console-line.js';

/** Plugin convars are CounterStrikeSharp FakeConVars, typed like the plugin declares them. */
export type PluginConvarKind = 'string' | 'int' | 'float' | 'bool';

interface Convar {
  /** `engine` convars answer a query quoted; plugin FakeConVars answer bare `name = value`. */
  origin: 'engine' | 'plugin';
  kind: PluginConvarKind;
  defaultValue: string;
  value: string;
}

const DOTNET_TYPE_NAMES: Record<PluginConvarKind, string> = {
  string: 'String',
  int: 'Int32',
  float: 'Single',
  bool: 'Boolean',
};

export type ConvarListener = (name: string, value: string) => void;

/** The server's convars: engine ones and the plugin's FakeConVars (PROTOCOL.md 5.1). */
export class ConvarStore {
  private readonly convars = new Map<string, Convar>();
  private readonly listeners: ConvarListener[] = [];

  defineEngine(name: string, defaultValue: string): void {
    this.convars.set(name, { origin: 'engine', kind: 'string', defaultValue, value: defaultValue });
  }

  definePlugin(name: string, kind: PluginConvarKind, defaultValue: string | number | boolean): void {
    const text = formatValue(kind, String(defaultValue));
    this.convars.set(name, { origin: 'plugin', kind, defaultValue: text, value: text });
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
    if (command.args.length === 0) {
      return convar.origin === 'plugin'
        ? `${command.name} = ${convar.value}`
        : `"${command.name}" = "${convar.value}" ( def. "${convar.defaultValue}" )`;
    }
    const raw = command.args.length === 1 ? (command.args[0] ?? '') : command.argString;
    if (convar.origin === 'engine') {
      this.set(command.name, raw);
      return '';
    }
    const parsed = parseValue(convar.kind, raw);
    if (parsed === undefined) {
      return [
        `Error: String '${command.args[0]}' can't be converted to ${DOTNET_TYPE_NAMES[convar.kind]}`,
        `Failed to parse input ConVar '${command.name}' from string '${command.args[0]}'`,
      ].join('\n');
    }
    this.set(command.name, parsed);
    return '';
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
  return kind === 'bool' ? (parseValue('bool', value) ?? 'False') : value;
}
