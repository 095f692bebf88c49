import { Skeleton } from '@gama/ui/Skeleton';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { ErrorNotice } from '../components/ErrorNotice.tsx';

interface LoadedProps<T> {
  query: UseQueryResult<T>;
  /** The skeleton's size while the first answer is on its way: about what the answer takes. */
  height: number;
  radius?: number;
  children: (data: T) => ReactNode;
}

/** A query's answer once it is there; a skeleton before, and the failure with a retry instead. */
export function Loaded<T>({ query, height, radius, children }: LoadedProps<T>) {
  if (query.isPending) return <Skeleton height={height} radius={radius} />;
  if (query.isError) return <ErrorNotice error={query.error} onRetry={() => void query.refetch()} />;
  return children(query.data);
}
