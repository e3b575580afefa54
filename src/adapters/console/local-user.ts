/** Who types at the terminal when the integrator names nobody: the operating system's user. */
import { userInfo } from 'node:os';

export function defaultUser(): { id: string; name: string } {
  try {
    const name = userInfo().username;
    if (name) return { id: name, name };
  } catch {
    // no passwd entry (some containers): fall through
  }
  return { id: 'console-user', name: 'console user' };
}
