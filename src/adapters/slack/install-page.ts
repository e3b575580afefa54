/** The "Add to Slack" page served at /slack/install: one link to Slack's authorize page, carrying the signed state. */

const escapeHtml = (text: string): string =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string);

export function renderInstallPage(authorizeUrl: string): string {
  const href = escapeHtml(authorizeUrl);
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<link rel="icon" href="data:,">
<title>Add iip to Slack</title>
<style>
body { font-family: system-ui, sans-serif; max-width: 36rem; margin: 4rem auto; padding: 0 1rem; color: #1d1c1d; }
a.add { display: inline-block; padding: .7rem 1.2rem; border-radius: .4rem; background: #4a154b; color: #fff; text-decoration: none; font-weight: 600; }
</style>
</head>
<body>
<h1>Add iip to Slack</h1>
<p>iip brings the Innovation Intelligence platform's AI chats, patent searches and workflows into Slack threads: type <code>/iip help</code> once it is installed.</p>
<p>Installing asks a workspace admin to allow the bot to read the messages and commands addressed to it and to post its answers.</p>
<p><a class="add" href="${href}">Add to Slack</a></p>
</body>
</html>`;
}
