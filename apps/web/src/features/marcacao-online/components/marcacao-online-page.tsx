import { TabPanel, TabView } from 'primereact/tabview';
import { Page } from '../../../components/ui/page';
import { AutorizacaoTab } from './autorizacao-tab';
import { DispositivosTab } from './dispositivos-tab';
import '../marcacao-online.css';

/** Marcação Online (seed 001 §2.11; issue 25 §3; code 160): tabs Autorização and Dispositivos. */
export function MarcacaoOnlinePage() {
  return (
    <Page title="Marcação Online">
      <TabView>
        <TabPanel header="Autorização">
          <AutorizacaoTab />
        </TabPanel>
        <TabPanel header="Dispositivos">
          <DispositivosTab />
        </TabPanel>
      </TabView>
    </Page>
  );
}
