/** 各功能共用的文字：参数错误提示、话题操作提示、“自行添加”表单、思维导图与特征对比图。 */
import type { CatalogOf } from '../catalog.js';
import type { shared as en } from '../en/shared.js';

export const shared: CatalogOf<typeof en> = {
  empty: '（空）',
  threadControls: {
    console: '输入其最新消息中选项的数字或字母，或在此输入 `status` 或 `cancel`',
    chat: '使用其最新消息中的按钮，或 @我 并输入 `status` 或 `cancel`',
  },
  args: {
    badLang: '`--lang` 只能是 `en` 或 `cn`。',
    describe: '请描述{{noun}}。',
    tooLong: '{{noun}}最多 {{max, number}} 个字符，当前为 {{length, number}} 个。',
    tooLongPlatform: '{{noun}}最多 {{max, number}} 个字符（平台限制），当前为 {{length, number}} 个。',
    flagTakesNoValue: '`{{flag}}` 不接受取值。',
  },
  othersNote: '频道中的任何人都可以确认各步骤。',
  ownItems: {
    button: '自行添加',
    yours: '_（自行添加）_',
    tooMany: '最多自行添加 {{max}} 项，每行一项（你输入了 {{count}} 项）；未发送任何内容。',
    lineTooLong: '每行最多 {{max}} 个字符；“{{line}}”有 {{length}} 个。未发送任何内容。',
    noneKept: '请至少保留一个推荐项或自行添加一项；未发送任何内容。',
  },
  mindMap: {
    untitled: '（无标题）',
    more_one: '另有 {{count, number}} 个节点未画出，详见大纲',
    more_other: '另有 {{count, number}} 个节点未画出，详见大纲',
  },
  matrix: {
    disclosed: '已公开',
    obvious: '显而易见',
    notDisclosed: '未公开',
    notCompared: '未比对',
    moreFeatures: '另有 {{count}} 个特征',
    moreReferences: '另有 {{count}} 篇文献',
    moreJoin: '{{first}}、{{second}}',
    seeMessage: '+ {{more}}：详见消息',
  },
};
