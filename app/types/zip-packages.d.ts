declare module 'zipcodes' {
  export interface ZipCodeInfo {
    zip: string;
    latitude: number;
    longitude: number;
    city: string;
    state: string;
    country: string;
  }
  export function lookup(zip: string | number): ZipCodeInfo | undefined;
  export function distance(zipA: string | number, zipB: string | number): number | null;
  export function radius(zip: string | number, miles: number, full?: false): string[];
  export function lookupByState(state: string): ZipCodeInfo[];
  const zipcodes: {
    lookup: typeof lookup;
    distance: typeof distance;
    radius: typeof radius;
    lookupByState: typeof lookupByState;
  };
  export default zipcodes;
}

declare module 'zipcode-to-timezone' {
  export function lookup(zip: string): string | null;
  const zipToTimezone: { lookup: typeof lookup };
  export default zipToTimezone;
}
