// Runs before `electron-builder` in `npm run dist`: says whether this build will be signed (and on macOS
// notarised) from the secrets in the environment, and what an unsigned build cannot do. The secrets are
// only looked for, never printed. MATCHDAY_REQUIRE_SIGNING=1 (a release pipeline) turns a missing secret
// into a failed build.
import { pathToFileURL } from 'node:url';

const has = (env, name) => Boolean(env[name]?.trim());
const hasAll = (env, names) => names.every((name) => has(env, name));

/** Notarisation credentials electron-builder accepts, best first (an API key needs no personal account). */
const NOTARY_CREDENTIALS = [
  ['APPLE_API_KEY', 'APPLE_API_KEY_ID', 'APPLE_API_ISSUER'],
  ['APPLE_ID', 'APPLE_APP_SPECIFIC_PASSWORD', 'APPLE_TEAM_ID'],
  ['APPLE_KEYCHAIN', 'APPLE_KEYCHAIN_PROFILE'],
];

/** What the environment lets this platform's build do, and the problems to tell the person building. */
export function signingReport(platform, env) {
  const problems = [];
  if (platform === 'win32') {
    const signed = has(env, 'WIN_CSC_LINK') || has(env, 'CSC_LINK');
    if (!signed) {
      problems.push(
        'No code-signing certificate (CSC_LINK or WIN_CSC_LINK, with CSC_KEY_PASSWORD): the installer is unsigned. ' +
          'SmartScreen warns before it runs, and it cannot be delivered as an update: installed apps accept only updates signed by the pinned publisher (win.signtoolOptions.publisherName).',
      );
    }
    return { platform, signed, notarized: false, problems };
  }
  if (platform === 'darwin') {
    const signed = has(env, 'CSC_LINK') || has(env, 'CSC_NAME');
    const notarized = NOTARY_CREDENTIALS.some((names) => hasAll(env, names));
    if (!signed) {
      problems.push(
        'No Developer ID certificate (CSC_LINK with CSC_KEY_PASSWORD, or CSC_NAME for one in the keychain): the app is unsigned. ' +
          'Gatekeeper blocks it on first start, and Squirrel.Mac refuses every update.',
      );
    }
    if (!notarized) {
      problems.push(
        'No notarisation credentials (APPLE_API_KEY, APPLE_API_KEY_ID and APPLE_API_ISSUER, or APPLE_ID, ' +
          'APPLE_APP_SPECIFIC_PASSWORD and APPLE_TEAM_ID): Gatekeeper blocks the downloaded app.',
      );
    }
    return { platform, signed, notarized, problems };
  }
  // Linux packages are not signed; an AppImage updates only from an https feed or a local folder.
  return { platform, signed: false, notarized: false, problems: [] };
}

function main() {
  const report = signingReport(process.platform, process.env);
  if (report.problems.length === 0) {
    console.log(
      `signing: ${report.signed ? 'this build will be signed' : 'nothing to sign on this platform'}`,
    );
    return;
  }
  const required = process.env.MATCHDAY_REQUIRE_SIGNING === '1';
  console.warn(
    [
      `signing: ${required ? 'refusing to build' : 'building anyway'}:`,
      ...report.problems.map((p) => `  - ${p}`),
    ].join('\n'),
  );
  if (required) {
    process.exit(1);
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  main();
}
