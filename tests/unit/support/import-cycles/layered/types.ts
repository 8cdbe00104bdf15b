export interface Store {
  id: string;
}
