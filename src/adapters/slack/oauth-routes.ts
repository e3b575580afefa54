/** Bolt's HTTPReceiver options for OAuth installs, and its install routes served on the bot's own HTTP server. */
import type { HTTPReceiver, HTTPReceiverOptions } from '@slack/bolt';
import type { HttpServer } from '../../http/server.js';
import { translatorFor } from '../../i18n/index.js';
import { renderInstallPage } from './install-page.js';
import {
  authorizationUrlOf,
  manifestBotScopes,
  SLACK_INSTALL_PATH,
  SLACK_OAUTH_REDIRECT_PATH,
  type SlackOAuthOptions,
  type VaultInstallationStore,
} from './oauth.js';

type WebClientOptions = NonNullable<NonNullable<HTTPReceiverOptions['installerOptions']>['clientOptions']>;

export function oauthReceiverOptions(
  oauth: SlackOAuthOptions,
  installationStore: VaultInstallationStore,
  clientOptions: WebClientOptions,
  apiUrl: string | undefined,
): Partial<HTTPReceiverOptions> {
  return {
    clientId: oauth.clientId,
    clientSecret: oauth.clientSecret,
    stateSecret: oauth.stateSecret,
    installationStore,
    scopes: manifestBotScopes(),
    installerOptions: {
      installPath: SLACK_INSTALL_PATH,
      redirectUriPath: SLACK_OAUTH_REDIRECT_PATH,
      // the state parameter is signed with the state secret and must match the cookie the install page set
      stateVerification: true,
      // no user is known yet: the workspace default
      renderHtmlForInstallPath: (url) => renderInstallPage(url, translatorFor()),
      authorizationUrl: authorizationUrlOf(apiUrl),
      // oauth.v2.access and auth.test go to SLACK_API_URL too
      clientOptions,
    },
  };
}

function refuse(res: import('node:http').ServerResponse, status: number): void {
  res.writeHead(status, { 'content-type': 'text/plain; charset=utf-8' });
  res.end(status === 405 ? 'method not allowed' : 'not ready');
}

/** `/slack/install` and `/slack/oauth_redirect`: GET only, once the bot has started. */
export function mountInstallRoutes(server: HttpServer, receiver: HTTPReceiver, ready: () => boolean): void {
  for (const path of [SLACK_INSTALL_PATH, SLACK_OAUTH_REDIRECT_PATH]) {
    server.route(
      path,
      (req, res) => {
        if (!ready()) return refuse(res, 503);
        if (req.method !== 'GET') return refuse(res, 405);
        receiver.requestListener(req, res);
      },
      { bodyLimitBytes: 0 },
    );
  }
}
