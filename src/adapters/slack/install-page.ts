/** The "Add to Slack" page served at /slack/install: one link to Slack's authorize page, carrying the signed state. */
import type { Translate } from '../../i18n/index.js';

const escapeHtml = (text: string): string =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string);

/** The page said with `t`, its `lang` attribute saying which language that is. */
export function renderInstallPage(authorizeUrl: string, t: Translate): string {
  const href = escapeHtml(authorizeUrl);
  return `<!doctype html>
<html lang="${t.lang === 'zh' ? 'zh-CN' : 'en'}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<link rel="icon" href="data:,">
<title>${t('slack:install.title')}</title>
<style>
body { font-family: system-ui, sans-serif; max-width: 36rem; margin: 4rem auto; padding: 0 1rem; color: #1d1c1d; }
a.add { display: inline-block; padding: .7rem 1.2rem; border-radius: .4rem; background: #4a154b; color: #fff; text-decoration: none; font-weight: 600; }
</style>
</head>
<body>
<h1>${t('slack:install.title')}</h1>
<p>${t('slack:install.intro')}</p>
<p>${t('slack:install.consent')}</p>
<p><a class="add" href="${href}">${t('slack:install.add')}</a></p>
</body>
</html>`;
}
