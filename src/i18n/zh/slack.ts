/** Slack 中的文字：主页标签及其“开始”对话框、无法发言时的提示、安装页面、反馈按钮。 */
import type { CatalogOf } from '../catalog.js';
import type { slack as en } from '../en/slack.js';

export const slack: CatalogOf<typeof en> = {
  /** an uploaded picture's file name when its title leaves none */
  imageFile: '图片',
  home: {
    startChat: '开始对话',
    startWorkflow: '开始工作流',
    open: '进行中',
    openEmpty: '暂无进行中的任务：可在上方开始对话或工作流，也可以在任意频道输入 /iip。',
    recent: '最近完成',
    recentEmpty: '暂无已完成的任务。',
    /** 一项：工作流或对话，及其进展 */
    entry: '*{{label}}*：{{state}}',
    openThread: '打开话题',
    started: '开始于 {{when}}',
    apiKey: '*管理员：* 当前使用的平台 API 密钥：{{key}}',
  },
  start: {
    submit: '开始',
    model: '模型',
    workflow: '工作流',
    question: '你的问题',
    idea: '你的构思或技术问题',
    options: '选项（例如 --lang cn --from 20150101）',
    where: '在哪里开启话题（留空：与我的私信）',
  },
  /** the modal of the message shortcut and the global shortcut */
  shortcut: {
    title: '用 iip 开始',
    verb: '要做什么',
    text: '文本',
    lang: '文本语言',
    langDefault: '按我的设置',
    where: '在哪里开启话题（留空：与我的私信）',
    under: '回答会在该消息下的话题中。',
    left: '{{length}} 个字符。距上限还剩：{{left}}',
    over: '{{verb}} 超出 {{by}}',
    notMember: 'iip 不在此会话中，无法在该消息下回答。未发送任何内容：请用 /invite @iip 添加它，或在它所在的频道使用全局快捷方式。',
    notVisible: 'iip 看不到此会话（私有频道或不含它的私信），无法在此回答。未发送任何内容。',
    unchecked: 'Slack 暂时无法确认 iip 能否在此回答。未发送任何内容：请稍后再次点击开始。',
    empty: '请写下要开始的文本。',
    part: '文本（第 {{n}} 部分，共 {{of}} 部分）',
    long: '该消息有 {{length}} 个字符；一个输入框最多容纳 {{max}} 个，因此其文本按换行拆分到 {{parts}} 个输入框中。点击开始时会按消息原样合并发送。',
    longCut: '该消息有 {{length}} 个字符，超过任何操作可接受的上限（最多 {{most}} 个）。输入框中只保留了前 {{kept}} 个字符，其余部分未包含。',
    tooLong: '{{verb}} 最多接受 {{max}} 个字符；此文本有 {{length}} 个。未发送任何内容：请缩短文本，或选择可接受更长文本的操作。',
    tooManyWords: '{{verb}} 最多接受 {{max}} 字；此文本有 {{words}} 字。未发送任何内容：请缩短文本，或选择可接受更长文本的操作。',
    files: '消息中的文件：{{names}}。design 会用其中的图片检索。',
    image: 'design 使用的图片',
    notImage:
      'design 需要一张图片（PNG、JPEG、GIF 或 WebP），而 {{names}} 不是图片。未发送任何内容：请选择其他操作，或在带有该图片的消息上使用快捷方式。',
    cannotOpen:
      'iip 无法打开 {{name}}：Slack 不允许机器人读取它（文件已被删除、因工作区套餐被隐藏，或来自 iip 不在的会话）。未发送任何内容：请把图片发到 iip 所在的会话，再在那条消息上使用快捷方式。',
  },
  /** a slash command the bot could not record (its state store refused the write) */
  notTaken: '无法接收你的命令：机器人暂时无法保存工作。未发送任何内容；请稍后重新运行该命令。',
  /** a slash command that arrived while the bot was starting or stopping */
  restarting: '机器人正在重启，无法接收你的命令。未发送任何内容；请稍后重新运行该命令。',
  /** a button click the bot could not record, or that arrived while it was starting or stopping */
  clickNotTaken: '无法接收你的点击：机器人暂时无法保存工作。未执行任何操作；请稍后再点击一次。',
  clickRestarting: '机器人正在重启，无法接收你的点击。未执行任何操作；请稍后再点击一次。',
  unreachable: {
    explainRun: '我无法在此对话中发言：我不是其成员。如需在这里使用，请用 `/invite @iip` 邀请我后重新运行命令，或在与我的私信中运行：',
    explainCopy: '我无法在此对话中发言：我不是其成员。如需在这里使用，请用 `/invite @iip` 邀请我后重新运行命令，或将命令复制到与我的私信中：',
    fallback: '我无法在这里发言；请用 /invite @iip 邀请我。你的命令：{{command}}',
    runInDm: '在私信中运行',
    runningInDm: '正在与你的私信中运行。',
  },
  feedback: {
    good: '回答很好',
    bad: '回答不好',
  },
  continued: '（续）',
  assistant: {
    promptsTitle: '试试下面这些，或直接输入问题',
    ask: '问通用模型',
    askExample: '固态电池如何避免锂枝晶？',
    pharm: '问生命科学模型',
    pharmExample: 'siRNA 药物有哪些适应症？',
    encyclopedia: '查生物医药百科',
    encyclopediaExample: 'RMC-6236 的 PK/PD 数据是什么？',
    novelty: '查一个想法是否新颖',
    noveltyExample: '一种带液态金属阻尼层的折叠屏手机铰链',
  },
  install: {
    title: '将 iip 添加到 Slack',
    intro: 'iip 将创新情报平台的 AI 对话、专利检索和工作流带入 Slack 话题：安装后输入 <code>/iip help</code> 即可开始。',
    consent: '安装时需要工作区管理员授权机器人读取发给它的消息和命令，并发布回答。',
    add: '添加到 Slack',
  },
};
