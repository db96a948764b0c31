import { createContext, useContext, useId, type ReactNode } from 'react';
import type { ErrorDetail } from '../../../../shared/contracts/errors.js';

/** The API's `details[]` of the last refused save or start (API.md decisions 24 and 31 name the field). */
export const ProblemsContext = createContext<readonly ErrorDetail[]>([]);

/** The paths the editor shows at a field; a problem under none of them is listed above the form. */
const PLACED = [
  /^(name|format)$/,
  /^settings\.(maxRounds|teamSize|swissRounds|mapPool|advanceAt|eliminateAt|deciderFormat|grandFinalMapAdvantage)(\.|$)/,
  /^settings\.rounds\.[^.]+/,
  /^stages\.0\.(type|groupCount|advancePerGroup|swissRounds|format|mapPool|advanceAt|eliminateAt|deciderFormat)(\.|$)/,
  /^stages\.1\.(type|start|format|mapPool|grandFinalMode|rounds\.[^.]+)(\.|$)/,
];

export const isPlaced = (path: string) => PLACED.some((pattern) => pattern.test(path));

/**
 * The problems at one field (its path, or also a path under it unless `exact`; none without a path): the field's props that
 * point at them, and the messages to show next to it.
 */
export function useFieldProblems(
  at: string | undefined,
  { exact = false }: { exact?: boolean } = {},
): {
  fieldProps: { 'aria-invalid'?: true; 'aria-describedby'?: string };
  messages: ReactNode;
} {
  const id = useId();
  const problems = useContext(ProblemsContext).filter(
    (p) => at !== undefined && (p.path === at || (!exact && p.path.startsWith(`${at}.`))),
  );
  if (problems.length === 0) {
    return { fieldProps: {}, messages: null };
  }
  return {
    fieldProps: { 'aria-invalid': true, 'aria-describedby': id },
    messages: (
      <p className="field-error" id={id}>
        {problems.map((p) => p.message).join('; ')}
      </p>
    ),
  };
}
