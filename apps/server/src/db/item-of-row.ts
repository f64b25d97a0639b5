import { item } from './schema';

/**
 * The columns that name the app, site or business product of a joined row (a flow card's, a screen card's):
 * selected with `...itemOfRowColumns`, turned into the reply's item by flow.service `toFlowItem`.
 */
export const itemOfRowColumns = {
  itemId: item.id,
  itemName: item.name,
  itemNameCn: item.nameCn,
  itemNameTw: item.nameTw,
  itemLogo: item.logo,
  itemIsSite: item.isSite,
  itemBusiness: item.business,
};

export type ItemOfRow = {
  itemId: number;
  itemName: string;
  itemNameCn: string | null;
  itemNameTw: string | null;
  itemLogo: string;
  itemIsSite: boolean;
  itemBusiness: boolean;
};
