// The market calls are catalogue entries (packages/core endpoints/markets); the schema stays reachable here
// for the OpenAPI document until it is generated from the entries alone.
export { createMarketBody } from '@gama/core/contract/markets';
