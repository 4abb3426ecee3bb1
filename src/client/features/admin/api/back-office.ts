import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type {
  AdminDashboard,
  ContactMessagePage,
  AuditLogPage,
  DatabaseTables,
  OutboxMessage,
  OutboxPage,
} from '#shared/admin.schemas.ts';
import type {
  ServiceRequest,
  ServiceRequestStatus,
  StatusChange,
} from '#shared/requests.schemas.ts';
import type {
  DomainOrder,
  DomainOrderDetail,
  DomainOrderPage,
  DomainOrderStatus,
} from '#shared/domain-orders.schemas.ts';
import type { RegistrarOverview } from '#shared/registrar.schemas.ts';
import type {
  AdminOrder,
  AdminOrderPage,
  OrderStatus,
  OrderStatusChange,
} from '#shared/orders.schemas.ts';
import { apiRequest } from '../../../lib/api-client.ts';

const get =
  <T>(url: string) =>
  () =>
    apiRequest<T>('GET', url);

const withQuery = (path: string, params: Record<string, string | number | undefined>) => {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value !== undefined && value !== '') query.set(key, String(value));
  }
  const text = query.toString();
  return text ? `${path}?${text}` : path;
};

export const dashboardQueryOptions = queryOptions({
  queryKey: ['/api/admin/dashboard'],
  queryFn: get<AdminDashboard>('/api/admin/dashboard'),
});

export interface AuditFilters {
  page: number;
  action: string;
  actor: string;
  from: string;
  to: string;
}

export const auditLogQueryOptions = (filters: AuditFilters) => {
  const url = withQuery('/api/admin/audit-log', { ...filters });
  return queryOptions({
    queryKey: ['/api/admin/audit-log', filters],
    queryFn: get<AuditLogPage>(url),
    placeholderData: keepPreviousData,
  });
};

export const outboxQueryOptions = (page: number) =>
  queryOptions({
    queryKey: ['/api/admin/outbox', page],
    queryFn: get<OutboxPage>(withQuery('/api/admin/outbox', { page })),
    placeholderData: keepPreviousData,
  });

export const outboxMessageQueryOptions = (id: string) =>
  queryOptions({
    queryKey: ['/api/admin/outbox/', id],
    queryFn: get<OutboxMessage>(`/api/admin/outbox/${encodeURIComponent(id)}`),
  });

export const databaseTablesQueryOptions = queryOptions({
  queryKey: ['/api/admin/database/tables'],
  queryFn: get<DatabaseTables>('/api/admin/database/tables'),
});

export interface ServiceRequestPage {
  items: ServiceRequest[];
  total: number;
  page: number;
  pageSize: number;
}

export const serviceRequestsQueryOptions = (
  page: number,
  status: ServiceRequestStatus | '',
  serviceType?: string,
) =>
  queryOptions({
    queryKey: ['/api/admin/service-requests', page, status, serviceType],
    queryFn: get<ServiceRequestPage>(
      withQuery('/api/admin/service-requests', { page, status, serviceType }),
    ),
    placeholderData: keepPreviousData,
  });

export const changeServiceRequestStatus = (id: string, change: StatusChange) =>
  apiRequest<ServiceRequest>(
    'PATCH',
    `/api/admin/service-requests/${encodeURIComponent(id)}`,
    change,
  );

export const supportTicketsQueryOptions = (page: number) =>
  queryOptions({
    queryKey: ['/api/admin/support-tickets', page],
    queryFn: get<ContactMessagePage>(withQuery('/api/admin/support-tickets', { page })),
    placeholderData: keepPreviousData,
  });

export const domainOrdersQueryOptions = (page: number, status: DomainOrderStatus | '') =>
  queryOptions({
    queryKey: ['/api/admin/domain-orders', page, status],
    queryFn: get<DomainOrderPage>(withQuery('/api/admin/domain-orders', { page, status })),
    placeholderData: keepPreviousData,
  });

export const domainOrderDetailQueryOptions = (id: string) =>
  queryOptions({
    queryKey: ['/api/admin/domain-orders/', id],
    queryFn: get<DomainOrderDetail>(`/api/admin/domain-orders/${encodeURIComponent(id)}`),
  });

export const domainOrderAction = (id: string, action: 'retry' | 'refund') =>
  apiRequest<DomainOrder>('POST', `/api/admin/domain-orders/${encodeURIComponent(id)}/${action}`);

export const registrarQueryOptions = queryOptions({
  queryKey: ['/api/admin/registrar'],
  queryFn: get<RegistrarOverview>('/api/admin/registrar'),
});

export const switchTld = (tld: string, enabled: boolean) =>
  apiRequest<{ tld: string; enabled: boolean }>(
    'PATCH',
    `/api/admin/tlds/${encodeURIComponent(tld)}`,
    {
      enabled,
    },
  );

export interface ProfitMonth {
  month: string;
  orders: number;
  revenue: number;
  vat: number;
  revenueExVat: number;
  paymentFees: number;
  registrarCosts: number;
  grossProfit: number;
}

export const profitQueryOptions = queryOptions({
  queryKey: ['/api/admin/profit-analytics'],
  queryFn: get<ProfitMonth[]>('/api/admin/profit-analytics'),
});

export const adminOrdersQueryOptions = (page: number, status: OrderStatus | '') =>
  queryOptions({
    queryKey: ['/api/admin/orders', page, status],
    queryFn: get<AdminOrderPage>(withQuery('/api/admin/orders', { page, status })),
    placeholderData: keepPreviousData,
  });

export const changeOrderStatus = (reference: string, change: OrderStatusChange) =>
  apiRequest<AdminOrder>('PATCH', `/api/admin/orders/${encodeURIComponent(reference)}`, change);
