import type { Selectable } from 'kysely';
import { db } from '~/db/db.server';
import type { PetTable } from '~/db/schema';
import { PET_PORTRAITS, type PetPortraitKey, type PetProfileInput } from './pet-rules';

/** A pet profile as the pet profile calls answer it (spec section 7). */
export interface PetProfile {
  petId: number;
  name: string;
  type: string;
  breed: string;
  birthday: string | null;
  photo: PetPortraitKey;
}

function toProfile(row: Selectable<PetTable>): PetProfile {
  const photo = (PET_PORTRAITS as readonly string[]).includes(row.photo_key) ? row.photo_key : 'pet-paw';
  return {
    petId: row.id,
    name: row.name,
    type: row.type,
    breed: row.breed,
    birthday: row.birthday,
    photo: photo as PetPortraitKey,
  };
}

/** Every query carries the customer id, so another customer's pet is simply not found. */
export async function listPets(customerId: number): Promise<PetProfile[]> {
  const rows = await db().selectFrom('pets').selectAll().where('customer_id', '=', customerId).orderBy('id').execute();
  return rows.map(toProfile);
}

export async function getPet(customerId: number, petId: number): Promise<PetProfile | null> {
  const row = await db()
    .selectFrom('pets')
    .selectAll()
    .where('id', '=', petId)
    .where('customer_id', '=', customerId)
    .executeTakeFirst();
  return row ? toProfile(row) : null;
}

export async function createPet(customerId: number, input: PetProfileInput, now = new Date()): Promise<PetProfile> {
  const row = await db()
    .insertInto('pets')
    .values({
      customer_id: customerId,
      name: input.name,
      type: input.type,
      breed: input.breed,
      birthday: input.birthday,
      photo_key: input.photo,
      created_at: now.toISOString(),
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  return toProfile(row);
}

export async function updatePet(customerId: number, petId: number, input: PetProfileInput): Promise<PetProfile | null> {
  const result = await db()
    .updateTable('pets')
    .set({ name: input.name, type: input.type, breed: input.breed, birthday: input.birthday, photo_key: input.photo })
    .where('id', '=', petId)
    .where('customer_id', '=', customerId)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) === 0) return null;
  return getPet(customerId, petId);
}

export async function deletePet(customerId: number, petId: number): Promise<boolean> {
  const result = await db()
    .deleteFrom('pets')
    .where('id', '=', petId)
    .where('customer_id', '=', customerId)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}
