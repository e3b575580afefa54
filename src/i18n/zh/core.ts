/** 核心部分的用语：路由提示、`status` 与 `cancel`、平台故障、并发限制、主页状态。 */
import type { CatalogOf } from '../catalog.js';
import type { core as en } from '../en/core.js';

export const core: CatalogOf<typeof en> = {
  router: {
    unknownTask: '该按钮所属的任务已不存在，机器人无法继续处理。',
    notEnabled: '本工作区尚未启用此机器人，请联系其管理员。',
  },
  errors: {
    unauthorized: '平台拒绝了该 API 密钥。管理员可设置新的密钥（`IIP_API_KEY`）。',
    forbidden: '该 API 密钥无权使用此功能，请联系平台管理员开通。',
    notFound: '平台上已找不到该任务。',
    quota: '该密钥的平台调用额度或余额已用完，充值后请重试。',
    rateLimited: '平台当前繁忙，请稍后重试。',
    invalidRequest: '平台未接受该请求。',
    invalidRequestWhy: '平台未接受该请求：{{why}}。',
    service: '平台当前出现故障，请稍后重试。',
    network: '无法连接到平台，请稍后重试。',
    timeout: '平台响应超时，请稍后重试。',
    streamInterrupted: '回答被中断。',
    taskFailed: '平台未能完成这一步。',
    unexpectedResponse: '平台返回的结果机器人无法解析。',
    withRequest: '{{text}}（请求编号 {{id}}）',
    botSide: '机器人内部出错。请重试；如果问题持续出现，请告知机器人的管理员。',
  },
  feedback: {
    unknown: '该反馈按钮并非本机器人所发，未记录任何内容。',
    good: '感谢反馈，很高兴这个回答对你有帮助。',
    bad: '感谢告知，此回答已标记为没有帮助。',
  },
  relay: {
    interrupted: '⚠️ 回答被中断。',
    empty: '_（无回答）_',
  },
  limits: {
    answersUser_one: '你有 {{count}} 个回答正在生成，请等待其完成。',
    answersUser_other: '你有 {{count}} 个回答正在生成，请等待其中一个完成。',
    answersWorkspace_one: '本工作区有 {{count}} 个回答正在生成，请等待其完成。',
    answersWorkspace_other: '本工作区有 {{count}} 个回答正在生成，请等待其中一个完成。',
    workflowsUser_one: '你有 {{count}} 个工作流正在运行，请等待其完成或将其取消（{{status}} 会列出并附上链接）。',
    workflowsUser_other: '你有 {{count}} 个工作流正在运行，请等待其中一个完成或取消一个（{{status}} 会列出并附上链接）。',
    workflowsWorkspace_one: '本工作区有 {{count}} 个工作流正在运行，请等待其完成（{{status}} 会列出你的工作流）。',
    workflowsWorkspace_other: '本工作区有 {{count}} 个工作流正在运行，请等待其中一个完成（{{status}} 会列出你的工作流）。',
  },
  thread: {
    describe: '*{{workflow}}*：步骤「{{step}}」，{{status}}{{waiting}}',
    describeBare: '*{{workflow}}*：{{status}}{{waiting}}',
    waiting: '，自 {{since}} 起等待平台处理（{{operation}}）',
    status: { active: '进行中', waiting: '等待中', done: '已完成', failed: '已失败', cancelled: '已取消' },
    openTitle: '你未完成的工作流：',
    openLine: '• {{description}}（开始于 {{started}}）{{link}}',
    openLink: ' · [打开线程]({{url}})',
    noneOpen: '你没有未完成的工作流。',
    alreadyFinished: '该{{workflow}}{{status}}。',
    onlyStarter: '只有发起该工作流的人才能取消它。',
    changed: '该工作流刚刚有了变化，请查看最新消息。',
    cancelled: '已由 {{who}} 取消。此{{workflow}}不会再向平台发送任何内容。',
    chatNoun: '对话',
  },
  home: {
    state: { active: '进行中', waiting: '平台处理中', done: '已完成', failed: '已失败', cancelled: '已取消' },
    stateWithStep: '{{state}} · 步骤「{{step}}」',
    chatLabel: '对话（{{family}}）',
    keyOff: '机器人自身的密钥（未启用工作区密钥：运维人员未设置 IIP_SECRET）',
    keyOwn: '本工作区自己的密钥 {{masked}}',
    keyDefault: '机器人自身的密钥（可用 /iip key 设置本工作区的密钥）',
  },
};
