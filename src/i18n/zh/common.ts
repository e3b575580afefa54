/** 多处共用的词：按钮、是否、单位。 */
import type { CatalogOf } from '../catalog.js';
import type { common as en } from '../en/common.js';

export const common: CatalogOf<typeof en> = {
  cancel: '取消',
  apply: '应用',
  yes: '是',
  no: '否',
  minutes_one: '{{count}} 分钟',
  minutes_other: '{{count}} 分钟',
  noTitle: '无标题',
  imageAlt: '图片',
};
