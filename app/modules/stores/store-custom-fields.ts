import type { StoreTable } from '~/db/schema';

/**
 * Spec section 3: "Reward and store custom-field ids are mapped from names such as hasGroceryDeliveryCF". The store
 * data carries these fields by id; the storefront names the ones it reads here and finds their ids in one map
 * (table store_custom_fields, loaded with the stores), so a store-data export with other ids is a data change, not a
 * code change (decision 0099).
 */
export const CUSTOM_FIELD_NAMES = [
  'hasGroceryDeliveryCF',
  'hasDUGCF',
  'hasRushDeliveryCF',
  'hasGroceryRewardsCF',
  'isWineD2CEnabledCF',
  'gasRewardsIdCF',
  'rewardsProgramIdCF',
  'partnerFuelLogoCF',
  'partnerMaxRedemptionCF',
  'ownMaxRedemptionCF',
] as const;
export type CustomFieldName = (typeof CUSTOM_FIELD_NAMES)[number];

export type CustomFieldValue = boolean | string | number | null;
/** A store's custom fields as the store data gives them: field id → value. */
export type CustomFields = Readonly<Record<string, CustomFieldValue>>;

export interface CustomFieldDefinition {
  name: string;
  fieldId: string;
  sourceColumn: string;
  valueType: 'boolean' | 'text' | 'integer';
}

/** The one name → id map. A name the store data does not define is absent: its field reads as not set. */
export interface CustomFieldMap {
  ids: Readonly<Partial<Record<CustomFieldName, string>>>;
  definitions: readonly CustomFieldDefinition[];
}

export function customFieldMap(definitions: readonly CustomFieldDefinition[]): CustomFieldMap {
  const ids: Partial<Record<CustomFieldName, string>> = {};
  for (const definition of definitions) {
    if ((CUSTOM_FIELD_NAMES as readonly string[]).includes(definition.name))
      ids[definition.name as CustomFieldName] = definition.fieldId;
  }
  return { ids, definitions };
}

function typed(raw: unknown, valueType: CustomFieldDefinition['valueType']): CustomFieldValue {
  if (raw === null || raw === undefined) return null;
  if (valueType === 'boolean') return raw === 1 || raw === true || raw === '1';
  if (valueType === 'integer') return Number.isFinite(Number(raw)) ? Math.trunc(Number(raw)) : null;
  return String(raw);
}

/** The store data's side: a store's custom fields by id, from the columns the map names. */
export function customFieldsOf(store: StoreTable, map: CustomFieldMap): CustomFields {
  const row = store as unknown as Record<string, unknown>;
  const fields: Record<string, CustomFieldValue> = {};
  for (const definition of map.definitions)
    if (definition.sourceColumn in row)
      fields[definition.fieldId] = typed(row[definition.sourceColumn], definition.valueType);
  return fields;
}

/** The reader's side: a field by its name, through the map; absent (unmapped or not in the data) is null. */
export function readCustomField(fields: CustomFields, map: CustomFieldMap, name: CustomFieldName): CustomFieldValue {
  const id = map.ids[name];
  return id === undefined ? null : (fields[id] ?? null);
}

export const flagField = (fields: CustomFields, map: CustomFieldMap, name: CustomFieldName) =>
  readCustomField(fields, map, name) === true;
export const textField = (fields: CustomFields, map: CustomFieldMap, name: CustomFieldName) => {
  const value = readCustomField(fields, map, name);
  return typeof value === 'string' ? value : null;
};
export const numberField = (fields: CustomFields, map: CustomFieldMap, name: CustomFieldName) => {
  const value = readCustomField(fields, map, name);
  return typeof value === 'number' ? value : 0;
};
