/** Teams 中的文字：私信提示、1:1 聊天中重新开始的提示、表单卡片校验、确认问题。 */
import type { CatalogOf } from '../catalog.js';
import type { teams as en } from '../en/teams.js';

export const teams: CatalogOf<typeof en> = {
  privateNoteSent: '🔒 我已在与你的 1:1 聊天中给你发送了一条私信。',
  noPrivateNotes: 'Teams 不支持仅自己可见的消息，且无法打开与你的 1:1 聊天，因此在此显示：',
  startOverHint: '输入 `{{word}}` 或一条命令，即可在此聊天中开始新对话',
  confirmBackOut: '{{text}}（{{deny}}：再按一次“{{label}}”。）',
  imageTitle: '图片',
  continued: '（续）',
  file: {
    summary: '文件：{{title}}',
    consent: '{{title}}（{{size}}）。点“允许”即保存到你的 OneDrive，之后可在那里打开或共享。',
    saved: '已保存到你的 OneDrive：{{name}}',
    download: '下载',
    linkLine: '{{name}} · {{size}} · 下载链接有效期至 {{until}}',
    declined: '未保存到你的 OneDrive。消息中的链接在过期前仍可使用。',
    gone: '机器人已不再保留此文件（已保存过，或已超过一周）：请使用消息中的链接。',
    noPlace: 'Teams 未提供保存文件的位置；未上传任何内容。',
    failed: '保存到你的 OneDrive 失败：请改用消息中的链接下载。',
  },
  form: {
    title: '表单',
    chooseOne: '请至少选择一项',
    required: '此项为必填项',
  },
  action: {
    notInstalled:
      'iip 不在此会话中，无法读取这条消息或在其下回答。未发送任何内容：请在此添加 iip（应用 → iip → 添加到团队或聊天），或把文本复制到与 iip 的聊天中。',
    unchecked: 'Teams 暂时无法确认 iip 是否在此会话中。未发送任何内容：请稍后再试。',
    files: '消息中的文件：{{names}}。design 会用其中的图片检索。',
    notImage: 'design 需要一张图片（PNG、JPEG、GIF 或 WebP），而 {{names}} 不是图片。未发送任何内容。',
    cannotOpen:
      'iip 无法打开 {{name}}：它是存放在 SharePoint 或 OneDrive 中的文件，机器人无法读取。未发送任何内容：请改为把图片直接粘贴到发给 iip 的消息中。',
    tooLong: '{{verb}} 最多接受 {{max}} 个字符；此文本有 {{length}} 个。未发送任何内容：请缩短文本，或选择可接受更长文本的操作。',
    tooManyWords: '{{verb}} 最多接受 {{max}} 字；此文本有 {{words}} 字。未发送任何内容：请缩短文本，或选择可接受更长文本的操作。',
  },
};
