import { Route, Routes } from 'react-router';
import { MemberPage } from './MemberPage.tsx';
import { SearchPage } from './SearchPage.tsx';

/** The console's member screens: the search (/admin/members) and a member's page (/admin/members/:id). */
export default function MembersScreen() {
  return (
    <Routes>
      <Route index element={<SearchPage />} />
      <Route path=":id" element={<MemberPage />} />
    </Routes>
  );
}
