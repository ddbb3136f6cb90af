import { DataGrid, type DataGridProps, type GridValidRowModel } from '@mui/x-data-grid';
import { deDE, enUS } from '@mui/x-data-grid/locales';
import { useLocale } from '../locale.tsx';

const LOCALE_TEXT = {
  en: enUS.components.MuiDataGrid.defaultProps.localeText,
  de: deDE.components.MuiDataGrid.defaultProps.localeText,
};

/**
 * The console's tables: MUI X's data grid (sorting, filtering, paging, keyboard use: arrow keys
 * move between cells, Enter follows a link) in the console's language, sized to its rows.
 */
export function ConsoleGrid<R extends GridValidRowModel>(props: DataGridProps<R> & { label: string }) {
  const { locale } = useLocale();
  const { label, ...grid } = props;
  return (
    <DataGrid<R>
      aria-label={label}
      density="compact"
      disableRowSelectionOnClick
      pageSizeOptions={[25, 50, 100]}
      initialState={{ pagination: { paginationModel: { pageSize: 25 } } }}
      localeText={LOCALE_TEXT[locale]}
      sx={{ minHeight: 200 }}
      {...grid}
    />
  );
}
