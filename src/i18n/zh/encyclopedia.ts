/** 百科检索选项：数据源名称、开关、控件、拒绝说明和更改提示。 */
import type { CatalogOf } from '../catalog.js';
import type { encyclopedia as en } from '../en/encyclopedia.js';

export const encyclopedia: CatalogOf<typeof en> = {
  source: {
    all: '全部来源',
    papers: '论文',
    patents: '专利',
    'clinical-trials': '临床试验',
    'fda-labels': 'FDA 药品说明书',
    'financial-reports': '财报',
    'clinical-guidelines': '临床指南',
    epidemiology: '流行病学',
  },
  toggle: {
    deepSearch: '深度检索',
    longThink: '长思考',
    searchWebsite: '联网搜索',
  },
  sourceMenu: '后续问题的数据来源',
  turnOn: '开启{{what}}',
  turnOff: '关闭{{what}}',
  problem: {
    toggleValue: '`{{flag}}` 不接受取值；不写即为关闭。',
    unknown: '未知选项 `{{name}}`。可用选项：{{options}}。',
    sourceNotOne: '`--source` 只能取 {{sources}} 之一；`{{word}}` 无效。',
    sourceNeeded: '`--source` 需要取值，可选：{{sources}}。',
  },
  notEncyclopedia: '这些选项仅适用于百科话题。',
  busy: '仍在生成回答；请等回答完成后再选择。',
  notOffered: '百科不提供该选项；未做任何更改。',
  alreadySet: '已是当前设置：后续问题将在{{options}}中检索。',
  movedOn: '你选择期间话题已有进展；请重新选择。',
  changed: '{{user}} 更改了检索设置：此话题的后续问题将使用 **{{options}}**。',
};
