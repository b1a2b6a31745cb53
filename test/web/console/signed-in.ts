// Opening a console page as a signed-in admin, in English or Spanish: sign in through the form
// (as a bookkeeper would), then go to the page's URL as a shared link would.
import { openConsole, signInAs, type ConsoleHarness, type ConsolePage } from './harness.ts';

const SPANISH_SIGN_IN = { email: 'Correo electrónico', password: 'Contraseña', submit: 'Entrar' };

export async function openSignedIn(h: ConsoleHarness, admin: { email: string; password: string }, path: string, locale = 'en-US'): Promise<ConsolePage> {
  const opened = await openConsole(h, '/admin', { locale });
  await signInAs(opened.page, admin, locale.startsWith('es') ? SPANISH_SIGN_IN : undefined);
  await opened.page.goto(h.origin + path);
  return opened;
}
