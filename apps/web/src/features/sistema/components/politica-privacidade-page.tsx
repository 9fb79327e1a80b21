import { EXTERNAL_LINKS } from '@jornada/contracts';
import { Page } from '../../../components/ui/page';
import '../sistema.css';

/**
 * Política de Privacidade (seed 000 §2.6): static text. What is collected and
 * why, the six-month minimum for access logs (Marco Civil da Internet, art.
 * 15), no sharing with third parties, the data subject's rights (LGPD, art.
 * 18) and the consent of a parent or guardian under 16.
 */
export function PoliticaPrivacidadePage() {
  return (
    <Page title="Política de Privacidade">
      <article className="documento">
        <p className="documento-resumo">
          Esta política explica como o Jornada trata os dados pessoais de quem usa o sistema — administradores,
          profissionais de RH e departamento pessoal e os funcionários cujo ponto é registrado —, em conformidade com a
          Lei Geral de Proteção de Dados Pessoais (LGPD, Lei nº 13.709/2018).
        </p>

        <h2>1. Dados que coletamos</h2>
        <p>Coletamos apenas os dados necessários à prestação do serviço de registro e controle de ponto:</p>
        <ul>
          <li>
            <strong>Dados de identificação:</strong> nome, e-mail, CPF, PIS, cargo, empresa e centro de custo,
            informados pela empresa empregadora ou pelo próprio usuário.
          </li>
          <li>
            <strong>Registros de ponto:</strong> data, hora e local das marcações, e os documentos gerados a partir
            delas (espelho de ponto, comprovantes e arquivos fiscais).
          </li>
          <li>
            <strong>Registros de acesso:</strong> data e hora de cada acesso, endereço IP e as operações realizadas no
            sistema. São guardados por, no mínimo, seis meses, como exige o Marco Civil da Internet (Lei nº 12.965/2014,
            art. 15).
          </li>
          <li>
            <strong>Biometria facial:</strong> quando a empresa utiliza o reconhecimento facial na marcação do ponto, a
            imagem do rosto é usada exclusivamente para confirmar a identidade de quem registra a marcação. Por ser dado
            pessoal sensível, é tratada com proteção reforçada.
          </li>
        </ul>

        <h2>2. Para que usamos os dados</h2>
        <p>
          Os dados são tratados para registrar e calcular a jornada de trabalho, emitir relatórios e documentos, cumprir
          as obrigações da legislação trabalhista (CLT e Portaria MTP nº 671/2021), garantir a segurança do acesso ao
          sistema e prestar suporte ao usuário. Não são usados para nenhuma outra finalidade.
        </p>

        <h2>3. Compartilhamento</h2>
        <p>
          Os dados pessoais <strong>não são compartilhados com terceiros</strong>. Eles só serão fornecidos a
          autoridades públicas quando houver obrigação legal ou ordem judicial que o exija.
        </p>

        <h2>4. Armazenamento e segurança</h2>
        <p>
          Os dados ficam armazenados em ambiente protegido, com acesso restrito às pessoas autorizadas pela empresa
          empregadora, senhas guardadas de forma irreversível e conexões criptografadas. Cada empresa vê somente os
          próprios dados.
        </p>

        <h2>5. Direitos do titular</h2>
        <p>Conforme o art. 18 da LGPD, o titular dos dados pode solicitar, a qualquer momento:</p>
        <ul>
          <li>a confirmação da existência de tratamento dos seus dados;</li>
          <li>o acesso aos dados;</li>
          <li>a correção de dados incompletos, inexatos ou desatualizados;</li>
          <li>
            a anonimização, o bloqueio ou a eliminação de dados desnecessários, excessivos ou tratados em
            desconformidade com a lei;
          </li>
          <li>a portabilidade dos dados a outro fornecedor de serviço;</li>
          <li>a eliminação dos dados tratados com o seu consentimento, salvo quando a lei exigir a sua guarda;</li>
          <li>a informação sobre as entidades públicas e privadas com as quais os dados foram compartilhados;</li>
          <li>a informação sobre a possibilidade de não fornecer consentimento e as consequências da negativa;</li>
          <li>a revogação do consentimento.</li>
        </ul>
        <p>
          As solicitações podem ser feitas ao administrador do sistema na sua empresa ou pelo nosso{' '}
          <a href={EXTERNAL_LINKS.suporte} target="_blank" rel="noopener noreferrer">
            site de suporte
          </a>
          . Os registros que a legislação trabalhista obriga a manter são preservados pelo prazo legal.
        </p>

        <h2>6. Menores de 16 anos</h2>
        <p>
          O uso do sistema por menores de 16 anos, inclusive aprendizes, depende do consentimento de pelo menos um dos
          pais ou do responsável legal.
        </p>

        <h2>7. Alterações desta política</h2>
        <p>
          Esta política pode ser atualizada para refletir mudanças na legislação ou no serviço. A versão vigente fica
          sempre disponível nesta página.
        </p>
      </article>
    </Page>
  );
}
