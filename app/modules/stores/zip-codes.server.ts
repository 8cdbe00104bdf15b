import zipcodes from 'zipcodes';

export interface ZipPlace {
  zip: string;
  latitude: number;
  longitude: number;
  city: string;
  state: string;
}

/** Looks a 5-digit ZIP code (or ZIP+4) up in the zipcodes data package. */
export function lookupZip(zipcode: string): ZipPlace | null {
  const five = zipcode.slice(0, 5);
  const info = zipcodes.lookup(five);
  if (!info || typeof info.latitude !== 'number') return null;
  return { zip: five, latitude: info.latitude, longitude: info.longitude, city: info.city, state: info.state };
}

/** The customer service `cities/{zipCode}` answer: the ZIP code's city and state, or null when unknown. */
export function citiesByZip(
  zipcode: string,
): { zipCode: string; cities: { city: string; stateCode: string }[] } | null {
  const place = lookupZip(zipcode);
  return place ? { zipCode: place.zip, cities: [{ city: place.city, stateCode: place.state }] } : null;
}
