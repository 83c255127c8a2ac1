import type { Order } from './types'

export interface Repository<T extends { id: string }> {
  get(id: string): Promise<T>
}

export async function getOrder(id: string): Promise<Order> {
  const response = await fetch(`/api/orders/${id}`, { credentials: 'same-origin' })
  if (!response.ok) throw new Error(`order ${id}: ${response.status}`)
  return (await response.json()) as Order
}
