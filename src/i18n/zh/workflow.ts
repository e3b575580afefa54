/** 工作流机制的用语：取消与重试、进度、失败，以及对点击和表单的拒绝。 */
import type { CatalogOf } from '../catalog.js';
import type { workflow as en } from '../en/workflow.js';

export const workflow: CatalogOf<typeof en> = {
  nothingSent: '{{problem}}未发送任何内容。',
  threadRuns: '此话题正在进行{{noun}}：{{hint}}。',
  alreadyRuns: '此话题已在进行{{existing}}；请在新消息中开始{{noun}}。',
  cancel: {
    title: '取消{{noun}}？',
    text: '此{{noun}}目前的全部进展都将丢弃，也不会再向平台发送任何内容。此操作无法撤销。',
    confirm: '确定取消',
    deny: '不，保留',
  },
  retry: '重试',
  confirm: '确认',
  progress: '⏳ {{label}}…',
  waitingStatus: '正在等待平台处理…',
  stopped: '{{label}}：已停止。',
  failure: {
    interrupted: '{{label}}因机器人重启而中断，请求可能未到达平台。',
    aborted: '{{label}}已停止。',
    failed: '{{label}}失败：{{why}}',
    failedHint: '{{label}}失败：{{why}} 请在问题解决后重试，或取消。',
    stepFailed: '此步骤失败。',
    unreadable: '此{{noun}}无法继续：本会话保存的状态由当前版本的机器人无法读取的版本写入。不会再向平台发送任何内容；请在新消息中重新开始。',
    chatBusy: '{{label}}暂被搁置：{{why}}届时请点击重试。',
  },
  line: {
    confirmed: '✅ 已由 {{user}} 确认',
    confirmedEdited: '✅ 已由 {{user}} 确认（已修改）',
    retried: '↻ 已由 {{user}} 重试',
    cancelled: '⏹ 已取消',
  },
  relayNoText: '{{heading}}\n_（正文未能按撰写过程实时显示；结果就绪后将随后发出）_',
  click: {
    unreadable: '⚠️ 无法从平台读取此步骤的结果：{{why}} 请稍后再试。',
    unreadableForm: '⚠️ 无法从平台读取此步骤的结果：{{why}}',
    busy: '此步骤正在更新，请稍后再点一次按钮。',
    loading: '此步骤的数据仍在从平台加载，请稍后再点一次按钮。',
    formConfirms: '“{{submit}}”即确认此步骤，{{noun}}将继续进行。',
    formReviews: '“{{submit}}”会保存你的修改并重新显示此步骤；在你点击“{{confirm}}”之前不会发送任何内容。',
    formNotOpened: '表单未能及时打开，请再点一次按钮。',
    formBusy: '表单未能打开：{{why}}届时请再点一次按钮。',
    noForms: '此聊天无法显示表单，因此“{{button}}”在这里不可用；请改为确认或取消。',
    invalid: '此按钮在这里无效；未做任何更改。',
    unshown: '已处理：此步骤已被确认或已更改。聊天平台未能显示当前步骤；聊天恢复后它会出现在此话题中。',
    stale: '已处理：此步骤已被确认或已有变化。话题中最新的消息带有当前可用的按钮。',
    finished: '此{{noun}}已{{status}}；未做任何更改。',
    notAllowed: '只有发起此{{noun}}的 {{user}} 可以确认或修改它。',
  },
  status: {
    active: '在进行中',
    waiting: '在等待中',
    done: '完成',
    failed: '失败',
    cancelled: '取消',
  },
};
