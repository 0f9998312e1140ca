import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';
import { auditServices } from './services';

/** Switches between the services' event histories (or any per-service audit page). */
export function ServiceTabs({ value, to }: { value: string; to: (service: string) => string }) {
  const translate = useTranslate();
  return (
    <Tabs value={value} sx={{ mb: 1 }}>
      {auditServices.map((service) => (
        <Tab
          key={service}
          value={service}
          label={translate(`console.audit.services.${service}`)}
          component={Link}
          to={to(service)}
          data-testid={`service-${service}`}
        />
      ))}
    </Tabs>
  );
}
