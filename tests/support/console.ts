/** Lets a test declare that it expects console.error (the setup file fails the test otherwise). */
export const consoleState = { allowed: false };
export function allowConsoleError() {
  consoleState.allowed = true;
}
